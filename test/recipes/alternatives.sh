#!/bin/sh
# libtwofold registered as a libblas.so.3 alternative (README, "Debian
# alternatives"), with update-alternatives working in directories of its
# own (--altdir, --admindir, the link in $work/lib) so that nothing of the
# system changes: the reference and libtwofold registered with Debian's
# priority for the reference (10) and a higher one (100); automatic mode
# picks libtwofold, and a program that links libblas.so.3 (Netlib's
# xblat1d; numpy's matmul where a numpy calls libblas.so.3) finds it
# there, and libtwofold its CPU BLAS elsewhere; --set brings the
# reference back, and --remove leaves the reference alone in the group.
. "$TF_SRCDIR/test/recipes/lib.sh"
command -v update-alternatives > /dev/null || skip "no update-alternatives (Debian's dpkg)"
reference=$TF_REFERENCE_BLAS
[ -f "$reference" ] || skip "no reference BLAS '$reference'"
tester=$TF_NETLIB_DIR/xblat1d
[ -x "$tester" ] || skip "Netlib testers not found in '$TF_NETLIB_DIR' (Debian: libblas-test)"
library=$(readlink -f "$TF_LIB")
mkdir "$work/alternatives" "$work/admin" "$work/lib"
link=$work/lib/libblas.so.3
name=libblas.so.3-twofold-test
alternatives() {
	update-alternatives --altdir "$work/alternatives" --admindir "$work/admin" "$@"
}
alternatives --install "$link" $name "$reference" 10 > "$work/log" 2>&1 &&
	alternatives --install "$link" $name "$library" 100 >> "$work/log" 2>&1 ||
	{ cat "$work/log"; fail "update-alternatives --install"; }
alternatives --query $name > "$work/query" || fail "update-alternatives --query"
cat "$work/query"
grep -q '^Status: auto' "$work/query" || fail "the group is not in automatic mode"
grep -qx "Value: $library" "$work/query" || fail "automatic mode does not pick libtwofold (priority 100)"
[ "$(readlink -f "$link")" = "$library" ] || fail "$link resolves to $(readlink -f "$link"), not $library"
echo "$link -> $(readlink "$link") -> $(readlink "$work/alternatives/$name")"

# run: the program with the directory of the link searched first, as the
# system's directory is when the link is /usr/lib/<triplet>/libblas.so.3.
run() { LD_LIBRARY_PATH=$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} TWOFOLD_MODE=dd TWOFOLD_LOG=1 "$@"; }
cases=$(cd "$TF_SRCDIR" && pwd)/test/recipes/numpy_cases.py
cd "$work" || exit 99
run "$tester" < /dev/null > tester.out 2> tester.log || { cat tester.out tester.log; fail "xblat1d with libtwofold as libblas.so.3"; }
grep -q PASS tester.out || { cat tester.out; fail "xblat1d does not pass with libtwofold as libblas.so.3"; }
grep -E '^twofold\[[^]]*]: mode dd, CPU BLAS (not loaded|.*\(default)' tester.log ||
	{ cat tester.log; fail "no TWOFOLD_LOG report from xblat1d: libtwofold was not loaded as libblas.so.3"; }
grep -E '^twofold\[[^]]*]: ddot_ +[0-9]+ .*cpu-dd' tester.log || fail "ddot_ was not computed by libtwofold"
case $(grep '^twofold\[[^]]*]: mode' tester.log) in
*"$library"*) fail "libtwofold took itself for its CPU BLAS" ;;
esac
echo "xblat1d passes with libtwofold as libblas.so.3"

numpy_on_libblas
if [ -n "$python" ]; then
	run "$python" "$cases" > numpy.out 2> numpy.log ||
		{ cat numpy.out numpy.log; fail "numpy with libtwofold as libblas.so.3"; }
	grep '^matmul' numpy.out
	grep -q '^matmul exact' numpy.out || fail "numpy's matmul is not twofold's with libtwofold as libblas.so.3"
else
	echo "$why_no_numpy: numpy's part not run"
fi

alternatives --set $name "$reference" > /dev/null 2>&1 || fail "update-alternatives --set $name the reference"
[ "$(readlink -f "$link")" = "$(readlink -f "$reference")" ] || fail "--set did not bring the reference back"
run "$tester" < /dev/null > tester.out 2> tester.log || fail "xblat1d with the reference as libblas.so.3"
grep -q '^twofold:' tester.log && fail "libtwofold still loaded after --set to the reference"
alternatives --auto $name > /dev/null 2>&1 && alternatives --remove $name "$library" > /dev/null 2>&1 ||
	fail "update-alternatives --auto, --remove"
[ "$(readlink -f "$link")" = "$(readlink -f "$reference")" ] || fail "--remove did not leave the reference"
alternatives --query $name | grep -q "^Alternative: $library" && fail "libtwofold still registered after --remove"
echo "PASS: registered (priority 100 over 10), chosen, used by xblat1d$( [ -z "$python" ] || echo ' and numpy'), set back, removed"
