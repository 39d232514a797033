#!/bin/sh
# twofold-info's report on this machine: the version, the build's options
# as configure recorded them, the CPU BLAS (default and TWOFOLD_CPU_BLAS)
# and LAPACK, the GPUs (none here: it says why), the mode; --help and
# --version; bad options exit 1 with one line on stderr and nothing on
# stdout.
. "$TF_SRCDIR/test/lib.sh"
info=$TF_BUILDDIR/tools/twofold-info
[ -x "$info" ] || fail "no $info"
config_h=$TF_BUILDDIR/config.h
# Runs twofold-info with the given environment, the rest of TWOFOLD_* unset.
run_info() {
	env $(env | sed -n 's/^\(TWOFOLD_[A-Za-z0-9_]*\)=.*/-u \1/p') "$@" > "$work/out" 2> "$work/err"
}
has() { grep -qF -- "$1" "$work/out" || { cat "$work/out"; fail "no \"$1\" in the output${2:+ ($2)}"; }; }

run_info "$info" || fail "twofold-info exits $?"
[ -s "$work/err" ] && { cat "$work/err"; fail "twofold-info writes to stderr with no variable set"; }
version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$config_h")
has "twofold $version"
if grep -q '^#define TF_HAVE_CUDA 1' "$config_h"; then
	arch=$(sed -n 's/^#define TF_CUDA_ARCH "\(.*\)"$/\1/p' "$config_h")
	has "CUDA: yes (compute capabilities built: $arch)"
else
	has "CUDA: no (compute capabilities built: none)"
fi
if [ -f "$TF_BUILDDIR/fortran/twofold.mod" ]; then
	has "Fortran modules: modules and tests"
else
	has "Fortran modules: no modules"
fi
default_blas=$(sed -n 's/^#define TF_DEFAULT_CPU_BLAS "\(.*\)"$/\1/p' "$config_h")
has "default CPU BLAS: $default_blas, else libblas.so.3"
default_blas64=$(sed -n 's/^#define TF_DEFAULT_CPU_BLAS64 "\(.*\)"$/\1/p' "$config_h")
has "default 64-bit CPU BLAS (ILP64, the _64_ entry points): ${default_blas64:+$default_blas64, else }libblas64.so.3"
grep -q '^CPU BLAS: /.* (default[,)]' "$work/out" || { cat "$work/out"; fail "no CPU BLAS (default...) line"; }
blas=$(sed -n 's/^CPU BLAS: \(.*\) (default[,)].*$/\1/p' "$work/out")
[ -f "$blas" ] || fail "the CPU BLAS $blas is not a file"
has "mode: dd"
# Each part's heading, in order.
[ "$(grep -c '^[a-zA-Z]' "$work/out")" -ge 7 ] || fail "fewer than seven parts"
grep '^[A-Za-z]' "$work/out" | cut -d' ' -f1 | tr '\n' ' ' | grep -q \
	'^twofold build: CPU LAPACK: GPUs: mode: environment: $' ||
	fail "the parts are not version, build, CPU BLAS, LAPACK, GPUs, mode, environment"

# The GPUs: none here says why, in the library's words.
if [ -e /dev/nvidiactl ] && grep -q '^#define TF_HAVE_CUDA 1' "$config_h"; then
	sed -n '/^GPUs:/,/^mode:/p' "$work/out" | grep -q '^  0: .* (sm_[0-9]*, [0-9.]* GiB), ' ||
		{ cat "$work/out"; fail "a GPU machine: no GPU 0 line with its compute capability and memory"; }
else
	sed -n '/^GPUs:/{n;p;}' "$work/out" | grep -q '^  no GPU' ||
		{ cat "$work/out"; fail "no GPU here, and twofold-info does not say so"; }
	echo "no GPU: $(sed -n '/^GPUs:/{n;p;}' "$work/out")"
fi

# LAPACK: the reference BLAS has none; preloaded, LAPACK is in the process.
run_info TWOFOLD_CPU_BLAS="$blas" "$info" || fail "twofold-info with TWOFOLD_CPU_BLAS"
has "CPU BLAS: $blas (TWOFOLD_CPU_BLAS)"
# Only the reference BLAS chosen at configure time is known to lack LAPACK;
# a moved build may have found another libblas.so.3 (OpenBLAS has LAPACK).
if [ "$blas" != "$default_blas" ]; then
	grep -q '^LAPACK: \(found\|not found\)' "$work/out" || fail "no LAPACK line"
	echo "LAPACK: $blas is not the configure-time reference BLAS: its LAPACK is not checked"
	blas=
fi
case $blas in
*/blas/libblas.so*|*/libblas.so*)
	has "LAPACK: not found (0 of dgetrf_, dgetrs_, dpotrf_, dgeqrf_ in the CPU BLAS)" \
		"the reference BLAS has no LAPACK"
	lapack=$(dirname "$blas")/../liblapack.so.3
	[ -f "$lapack" ] || lapack=$(ldconfig -p 2> /dev/null | sed -n 's/.*liblapack.so.3 .*=> //p' | head -1)
	if [ -n "$lapack" ] && [ -f "$lapack" ]; then
		run_info TWOFOLD_CPU_BLAS="$blas" LD_PRELOAD="$lapack" "$info" ||
			fail "twofold-info with LAPACK preloaded"
		has "LAPACK: found in this process, outside the CPU BLAS" "$lapack preloaded"
		echo "LAPACK: none in $blas; found with $lapack preloaded"
	else
		echo "no liblapack.so.3 here: LAPACK found is not checked"
	fi ;;
esac

# Modes: the one in effect.
run_info TWOFOLD_MODE=cpu "$info" || fail "twofold-info in cpu mode"
has "mode: cpu"

# --help and --version.
run_info "$info" --version || fail "--version exits $?"
[ "$(cat "$work/out")" = "$version" ] || fail "--version prints $(cat "$work/out")"
run_info "$info" --help || fail "--help exits $?"
has "usage: twofold-info"

# Bad options: 1, one line on stderr naming the command, nothing on stdout.
for bad in "--bogus" "extra" "--plan" "--plan dgemv 8" "--plan dgemm" "--plan dgemm x" \
	"--plan dgemm 1 2" "--plan dgemm -3" "--plan dgemm 0x10" "--plan dgemm 2147483648" \
	"--plan dgemm 8 8 8 8" "--version --help"; do
	run_info "$info" $bad
	status=$?
	[ $status = 1 ] || fail "twofold-info $bad exits $status, not 1"
	[ -s "$work/out" ] && fail "twofold-info $bad writes to stdout"
	[ "$(wc -l < "$work/err")" = 1 ] || { cat "$work/err"; fail "twofold-info $bad: not one line on stderr"; }
	grep -q '^twofold-info: ' "$work/err" || fail "twofold-info $bad: the message does not name the command"
done
echo "PASS: version, build, CPU BLAS, LAPACK, GPUs, mode; --help, --version; 12 bad options"
