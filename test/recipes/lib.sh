# Shared by the recipes' tests: test/lib.sh, the library, and the checks of
# a program's run with and without libtwofold preloaded.
. "$TF_SRCDIR/test/lib.sh"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"

# expect_computed LOG ROUTINE...: the TWOFOLD_LOG=1 report in LOG counts each
# routine as twofold's (cpu-dd, gpu-dd, ...), not forwarded to the CPU BLAS.
expect_computed() {
	log=$1
	shift
	for routine in "$@"; do
		line=$(grep -E "^twofold\[[^]]*]: $routine +[0-9]+ " "$log")
		[ -n "$line" ] || { cat "$log"; fail "the TWOFOLD_LOG report does not count $routine"; }
		case $line in
		*cpu-blas*) fail "$routine was forwarded to the CPU BLAS: $line" ;;
		esac
		echo "$line"
	done
}

# with_and_without RUN CASES PRODUCT: runs the shell function RUN (the
# program on its CASES file) without twofold, where its product must come
# out wrong ("matmul differs"), then with libtwofold preloaded in dd mode,
# where it must be correctly rounded ("matmul exact"); the report goes to
# $work/log.  PRODUCT names the product in the messages.
with_and_without() {
	$1 > "$work/without" 2>&1 || { cat "$work/without"; fail "$2 fails without twofold"; }
	echo "without twofold:"
	cat "$work/without"
	grep -q '^matmul differs' "$work/without" ||
		fail "$3 is correctly rounded without twofold: the case cannot tell twofold's result from the reference's"
	LD_PRELOAD=$TF_LIB TWOFOLD_MODE=dd TWOFOLD_LOG=1 $1 > "$work/with" 2> "$work/log" ||
		{ cat "$work/with" "$work/log"; fail "$2 fails with libtwofold preloaded"; }
	echo "with libtwofold preloaded:"
	cat "$work/with"
	grep -q '^matmul exact' "$work/with" || fail "$3: not correctly rounded with libtwofold preloaded"
}

# numpy_on_libblas: sets python to the first of $PYTHON, python3 and
# /usr/bin/python3 whose numpy calls libblas.so.3 (its multiarray module
# links it), the numpy that preloading or a libblas.so.3 alternative can
# serve; python is empty where there is none, and why_no_numpy says why.
# A numpy wheel brings its own OpenBLAS, which nothing here replaces.
numpy_on_libblas() {
	python=
	why_no_numpy="no numpy for ${PYTHON:-python3} or /usr/bin/python3 (build-aux/install-deps installs python3-numpy)"
	for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
		"$candidate" -c "import numpy" 2> /dev/null || continue
		command -v ldd > /dev/null || { why_no_numpy="no ldd: cannot tell which BLAS numpy uses"; return; }
		# numpy 2 moved the module to numpy._core
		multiarray=$("$candidate" -c "
try:
    import numpy._core._multiarray_umath as m
except ImportError:
    import numpy.core._multiarray_umath as m
print(m.__file__)" 2> /dev/null)
		if ldd "$multiarray" 2> /dev/null | grep -q 'libblas\.so\.3'; then
			python=$candidate
			return
		fi
		why_no_numpy="this numpy ($multiarray) does not call libblas.so.3: preloading cannot replace its BLAS"
	done
}
