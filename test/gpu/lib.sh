# Shared by the GPU test scripts: test/lib.sh, and a skip where there is no
# NVIDIA GPU or libtwofold was built without CUDA.
. "$TF_SRCDIR/test/lib.sh"
ls /dev/nvidia0 > /dev/null 2>&1 || skip "no NVIDIA GPU on this machine"
nm -D "$TF_LIB" 2>/dev/null | grep -q ' tf_version$' || fail "no library $TF_LIB"
strings "$TF_LIB" | grep -q 'TWOFOLD_GPU_FAULT' || skip "libtwofold built without CUDA"
# The GPU report line of a TWOFOLD_LOG report in file $1 must show `gpu`
# calls for each routine named after it.
expect_gpu() {
	report=$1
	shift
	for routine in "$@"; do
		grep -Eq "^twofold: $routine +[0-9]+ .*gpu [0-9]+" "$report" ||
			fail "$routine did not run on the GPU: $(grep "^twofold: $routine " "$report")"
	done
}
