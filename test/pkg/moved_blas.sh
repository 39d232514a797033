#!/bin/sh
# A build tree moved to a machine where the CPU BLAS chosen at configure
# time is absent (TWOFOLD_CPU_BLAS_FAULT=default takes it as absent):
# libtwofold finds the system's libblas.so.3 by soname and, where that name
# leads to libtwofold (a link to it, or a copy of it, standing in as
# libblas.so.3 in LD_LIBRARY_PATH), in the system's library directories.
# Each run computes a ddot_ on the BLAS found (test/print_mode checks it);
# the TWOFOLD_LOG report says which library that was and how it was found.
. "$TF_SRCDIR/test/lib.sh"
unset TWOFOLD_CPU_BLAS
# cpu mode: the ddot_ goes to the CPU BLAS (dd mode computes it in DD).
export TWOFOLD_CPU_BLAS_FAULT=default TWOFOLD_LOG=1 TWOFOLD_MODE=cpu

# The system's libblas.so.3 files (what the library may find), by their
# real paths; none of them may be libtwofold.
multiarch=$(cc -print-multiarch 2>/dev/null)
system_blas=
for candidate in /lib/$multiarch/libblas.so.3 /usr/lib/$multiarch/libblas.so.3 \
		 /lib/$multiarch/blas/libblas.so.3 /usr/lib/$multiarch/blas/libblas.so.3 \
		 /usr/lib64/libblas.so.3 /usr/lib64/blas/libblas.so.3 \
		 /usr/lib/libblas.so.3 /usr/lib/blas/libblas.so.3; do
	[ -e "$candidate" ] || continue
	nm -D --defined-only "$candidate" 2>/dev/null | grep -q ' tf_version$' && continue
	system_blas="$system_blas
$(readlink -f "$candidate")"
done
system_blas=$(echo "$system_blas" | sort -u | tr '\n' ' ')
[ -n "$system_blas" ] || skip "no system libblas.so.3 (Debian: libblas3) to find"
echo "the system's libblas.so.3:$system_blas"

# check NAME ORIGIN [LD_LIBRARY_PATH]: print_mode runs, its report names a
# system libblas.so.3 found in the way ORIGIN says.
check() {
	name=$1 origin=$2
	LD_LIBRARY_PATH=${3:+$3:}${LD_LIBRARY_PATH} ./test/print_mode > "$work/out" 2> "$work/report" ||
		{ cat "$work/out" "$work/report"; fail "$name: print_mode fails"; }
	line=$(grep '^twofold\[[^]]*]: mode .*, CPU BLAS ' "$work/report")
	[ -n "$line" ] || { cat "$work/report"; fail "$name: no TWOFOLD_LOG report"; }
	echo "$name: $line"
	found=$(echo "$line" | sed 's/^twofold\[[^]]*]: mode [a-z]*, CPU BLAS \(.*\) (.*)$/\1/')
	case $line in
	*"($origin)") ;;
	*) fail "$name: the CPU BLAS was not found by $origin" ;;
	esac
	case " $system_blas " in
	*" $(readlink -f "$found") "*) ;;
	*) fail "$name: the CPU BLAS $found is not the system's libblas.so.3" ;;
	esac
}

# The loader's libblas.so.3, when no LD_LIBRARY_PATH puts libtwofold there.
check "by soname" "default, by soname"

# libtwofold itself as libblas.so.3 (a link: the same file).
mkdir "$work/link" "$work/copy"
ln -s "$TF_LIB" "$work/link/libblas.so.3"
check "libtwofold linked as libblas.so.3" "default, system directory" "$work/link"

# A copy of libtwofold as libblas.so.3 (another file that exports tf_version).
cp "$TF_LIB" "$work/copy/libblas.so.3"
check "libtwofold copied as libblas.so.3" "default, system directory" "$work/copy"

