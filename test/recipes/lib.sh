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
