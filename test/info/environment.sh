#!/bin/sh
# twofold-info echoes every variable twofold reads with the value the
# library's parser took from it: set values (blanks around them ignored,
# words in any case, k/M/G suffixes), refused ones (the library's one-line
# warning on stderr, the default in effect), unset ones (their defaults),
# non-UTF-8 bytes escaped, and unknown TWOFOLD_* variables.
. "$TF_SRCDIR/test/lib.sh"
info=$TF_BUILDDIR/tools/twofold-info
[ -x "$info" ] || fail "no $info"
run_info() {
	env $(env | sed -n 's/^\(TWOFOLD_[A-Za-z0-9_]*\)=.*/-u \1/p') -u OMP_NUM_THREADS "$@" \
		"$info" > "$work/out" 2> "$work/err" || fail "twofold-info exits $?"
}
line() {
	grep -qxF -- "  $1" "$work/out" ||
		{ sed -n '/^environment:/,$p' "$work/out"; fail "no line \"  $1\""; }
}
warned() {
	grep -qF -- "$1" "$work/err" || { cat "$work/err"; fail "no warning \"$1\" on stderr"; }
}

# Unset: every known variable, with its default.
run_info
# As many as README's Environment table has rows (test/info/man.sh holds the
# names to the table).
documented=$(sed -n '/^## Environment/,/^## /p' "$TF_SRCDIR/README.md" | grep -c '^| `TWOFOLD_')
[ "$(sed -n '/^environment:/,$p' "$work/out" | grep -c ' unset -> ')" = "$documented" ] ||
	fail "not the $documented variables of README's table listed unset"
grep -q "(not described)" "$work/out" &&
	fail "a variable the library reads has no value in effect described (core/environment.c)"
line "TWOFOLD_MODE unset -> dd"
line "TWOFOLD_NUM_THREADS unset -> the CPUs this process may run on"
line "TWOFOLD_GPU_MEMORY unset -> 90% of the GPU's free memory"
line "TWOFOLD_SPLIT_MAX_MODULI unset -> 32"

# Set, and accepted.
run_info TWOFOLD_MODE=" CPU	" TWOFOLD_LOG=0 TWOFOLD_NUM_THREADS=" 3 " TWOFOLD_CPU_KERNEL=Generic \
	TWOFOLD_DEVICE=2 TWOFOLD_GPU_MIN_FLOPS=1.5e9 TWOFOLD_GPU_MEMORY=2G TWOFOLD_GPU_FAULT=alloc \
	TWOFOLD_SPLIT=OFF TWOFOLD_SPLIT_MAX_MODULI=7 TWOFOLD_CPU_BLAS=/nonexistent/libblas.so
[ -s "$work/err" ] && { cat "$work/err"; fail "accepted values warned about"; }
line "TWOFOLD_MODE=CPU -> cpu"
grep -qx "mode: cpu" "$work/out" || fail "mode: cpu not reported"
line "TWOFOLD_LOG=0 -> 0"
line "TWOFOLD_NUM_THREADS=3 -> 3"
line "TWOFOLD_CPU_KERNEL=Generic -> generic"
line "TWOFOLD_DEVICE=2 -> 2"
line "TWOFOLD_GPU_MIN_FLOPS=1.5e9 -> 1500000000"
line "TWOFOLD_GPU_MEMORY=2G -> 2147483648 bytes"
line "TWOFOLD_GPU_FAULT=alloc -> alloc"
line "TWOFOLD_SPLIT=OFF -> off"
line "TWOFOLD_SPLIT_MAX_MODULI=7 -> 7"
line "TWOFOLD_CPU_BLAS=/nonexistent/libblas.so -> /nonexistent/libblas.so"
# A CPU BLAS that cannot be loaded is reported, not fatal to twofold-info.
grep -q "^CPU BLAS: none, a BLAS call would end the program with: twofold\[[^]]*]: .*TWOFOLD_CPU_BLAS=/nonexistent/libblas.so" "$work/out" ||
	{ cat "$work/out"; fail "the CPU BLAS that cannot be loaded is not reported"; }
echo "accepted: 11 values echoed with their parsed values"

# OMP_NUM_THREADS stands in for TWOFOLD_NUM_THREADS.
run_info OMP_NUM_THREADS=5,2
line "TWOFOLD_NUM_THREADS unset -> OMP_NUM_THREADS: 5"

# Refused: the library warns, names the variable, and the default is in
# effect; the echo is escaped and shortened.
run_info TWOFOLD_DEVICE=0x10 TWOFOLD_GPU_MEMORY=inf TWOFOLD_SPLIT_MAX_MODULI=33 \
	TWOFOLD_NUM_THREADS=-1 TWOFOLD_CPU_KERNEL="$(printf 'avx\377')" TWOFOLD_GPU_MIN_FLOPS=1e308
line "TWOFOLD_DEVICE=0x10 -> the launcher's local rank modulo the visible GPUs, else GPU 0"
warned "TWOFOLD_DEVICE=0x10 is not a whole number from 0 to 1023, a list of at most 16 of them (0,1,3) or all; using the launcher's local rank, else GPU 0"
line "TWOFOLD_GPU_MEMORY=inf -> 90% of the GPU's free memory"
warned "TWOFOLD_GPU_MEMORY=inf is not"
line "TWOFOLD_SPLIT_MAX_MODULI=33 -> 32"
warned "TWOFOLD_SPLIT_MAX_MODULI=33 is not a whole number from 1 to 32; using 32"
line "TWOFOLD_NUM_THREADS=-1 -> the CPUs this process may run on"
line 'TWOFOLD_CPU_KERNEL=avx\xff -> auto'
warned 'TWOFOLD_CPU_KERNEL=avx\xff is not one of auto, generic, avx2, avx512; using auto'
line "TWOFOLD_GPU_MIN_FLOPS=1e308 -> the cost model"
[ "$(wc -l < "$work/err")" = 6 ] || { cat "$work/err"; fail "not one warning per refused value"; }
echo "refused: 6 values warned about, their defaults in effect"

# Unknown TWOFOLD_* variables: listed, their names shortened.
long=TWOFOLD_$(printf '%0200d' 0 | tr 0 X)
run_info TWOFOLD_MOD=dd "$long=1"
line "TWOFOLD_MOD: unknown, ignored"
grep -q "^  TWOFOLD_XXXX.*\.\.\. (208 bytes): unknown, ignored$" "$work/out" ||
	{ cat "$work/out"; fail "a 208-byte unknown name is not shortened"; }
[ "$(awk '{ if (length > n) n = length } END { print n }' "$work/out")" -lt 200 ] ||
	fail "a line of twofold-info is 200 characters or more"
echo "PASS: unset, accepted, refused and unknown variables, with their parsed values"
