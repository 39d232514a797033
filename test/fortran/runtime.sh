#!/bin/sh
# The Fortran modules are compiled into libtwofold, which is linked as C:
# the library must not depend on libgfortran nor refer to any of its
# symbols, and it exports the modules' procedures.
. "$TF_SRCDIR/test/lib.sh"
command -v nm > /dev/null || skip "no nm"
nm -D --defined-only "$TF_LIB" | grep -q ' __twofold_MOD_tf_ddgemm$' ||
	skip "libtwofold built without the Fortran modules"
if command -v readelf > /dev/null; then
	needed=$(readelf -d "$TF_LIB" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')
	echo "needed: $needed"
	case $needed in *gfortran*|*quadmath*) fail "libtwofold depends on the Fortran run-time" ;; esac
fi
runtime=$(nm -D --undefined-only "$TF_LIB" | awk '{ print $2 }' | grep -E '^_gfortran|quadmath' | tr '\n' ' ')
[ -z "$runtime" ] || fail "libtwofold refers to the Fortran run-time: $runtime"
for module in twofold twofold_operators; do
	count=$(nm -D --defined-only "$TF_LIB" | grep -c " __${module}_MOD_")
	[ "$count" -gt 0 ] || fail "no procedure of module $module exported"
	echo "module $module: $count procedures exported"
done
echo "no Fortran run-time symbol referenced"
