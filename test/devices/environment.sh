#!/bin/sh
# TWOFOLD_DEVICE's list through the environment's one parser: a GPU's
# number, a list of them (repeats kept) or all; a bad list refused with the
# parser's message naming the variable and what is used instead.  Then the
# device rule as twofold-info states it: with TWOFOLD_DEVICE unset, a
# process with a launcher's local rank takes GPU (local rank modulo the
# visible GPUs), and says so, on a machine with GPUs or without.
. "$TF_SRCDIR/test/lib.sh"
program=./test/core/config_dump
info=$TF_BUILDDIR/tools/twofold-info
[ -x "$program" ] || fail "no $program"
cases=0
clean="env -u TWOFOLD_DEVICE -u TWOFOLD_DEVICES_MIN_FLOPS"
for v in $(env | sed -n 's/^\(OMPI_COMM_WORLD_[A-Z_]*\|MV2_COMM_WORLD_[A-Z_]*\|PMIX_RANK\|PMI_RANK\|PMI_LOCAL_RANK\|MPI_LOCALRANKID\|PALS_[A-Z_]*\|SLURM_PROCID\|SLURM_LOCALID\)=.*/\1/p'); do
	clean="$clean -u $v"
done

# accept DEVICES FIRST VALUE: parsed as the list DEVICES, device FIRST, no message.
accept() {
	$clean TWOFOLD_DEVICE="$3" $program > "$work/out" 2> "$work/err" || fail "config_dump failed"
	got=$(sed -n 's/^devices //p' "$work/out") first=$(sed -n 's/^device //p' "$work/out")
	[ "$got" = "$1" ] || fail "TWOFOLD_DEVICE=[$3]: devices [$got], expected [$1]"
	[ "$first" = "$2" ] || fail "TWOFOLD_DEVICE=[$3]: device [$first], expected [$2]"
	[ ! -s "$work/err" ] || fail "TWOFOLD_DEVICE=[$3]: unexpected message: $(cat "$work/err")"
	cases=$((cases + 1))
}
# refuse VALUE: one message, the list unset.
refuse() {
	$clean TWOFOLD_DEVICE="$1" $program > "$work/out" 2> "$work/err" || fail "config_dump failed"
	got=$(sed -n 's/^devices //p' "$work/out")
	[ "$got" = unset ] || fail "TWOFOLD_DEVICE=[$1]: devices [$got], expected unset"
	[ "$(wc -l < "$work/err")" -eq 1 ] || fail "TWOFOLD_DEVICE=[$1]: expected one message line: $(cat "$work/err")"
	line=$(cat "$work/err")
	case $line in
	"twofold["*"]: TWOFOLD_DEVICE="*" is not a whole number from 0 to 1023, a list of at most 16 of them (0,1,3) or all; using the launcher's local rank, else GPU 0") ;;
	*) fail "TWOFOLD_DEVICE=[$1]: unexpected message [$line]" ;;
	esac
	cases=$((cases + 1))
}
accept unset -1 ""
accept 3 3 3
accept 0,1,3 0 0,1,3
accept 0,0 0 "0,0"
accept 2,1 2 " 2 , 1 "
accept 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 0 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
accept all -1 all
accept all -1 " ALL "
refuse "0,"
refuse ",1"
refuse "0,,1"
refuse "0;1"
refuse "0 1"
refuse "0,0x10"
refuse "0,-1"
refuse "0,1024"
refuse "all,0"
refuse "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"
refuse "$(printf '0,\377')"
$clean TWOFOLD_DEVICES_MIN_FLOPS=1e9 $program > "$work/out" 2> "$work/err"
grep -qx 'devices_min_flops 1000000000' "$work/out" || fail "TWOFOLD_DEVICES_MIN_FLOPS=1e9: $(cat "$work/out")"
$clean TWOFOLD_DEVICES_MIN_FLOPS=inf $program > "$work/out" 2> "$work/err"
grep -qx 'devices_min_flops -1' "$work/out" && grep -q 'TWOFOLD_DEVICES_MIN_FLOPS=inf is not' "$work/err" ||
	fail "TWOFOLD_DEVICES_MIN_FLOPS=inf not refused: $(cat "$work/err")"
cases=$((cases + 2))

# The rule, as twofold-info states it.
[ -x "$info" ] || fail "no $info"
rule() {
	$clean "$@" "$info" > "$work/info" 2> "$work/err" || fail "twofold-info $*: exit status $?"
	sed -n 's/^  *\(used: .*\|with GPUs, it would take: .*\)$/\1/p' "$work/info"
}
got=$(rule OMPI_COMM_WORLD_LOCAL_RANK=5)
case $got in
"used: GPU "*" (local rank 5 from OMPI_COMM_WORLD_LOCAL_RANK, modulo "*" visible GPU"*) ;;
"with GPUs, it would take: local rank 5 from OMPI_COMM_WORLD_LOCAL_RANK, modulo the visible GPUs") ;;
*) fail "OMPI_COMM_WORLD_LOCAL_RANK=5: twofold-info says [$got]" ;;
esac
echo "OMPI_COMM_WORLD_LOCAL_RANK=5: $got"
got=$(rule SLURM_LOCALID=2 MV2_COMM_WORLD_LOCAL_RANK=3)
case $got in
*"local rank 3 from MV2_COMM_WORLD_LOCAL_RANK"*) ;;
*) fail "MV2_COMM_WORLD_LOCAL_RANK=3 and SLURM_LOCALID=2: twofold-info says [$got]" ;;
esac
got=$(rule OMPI_COMM_WORLD_LOCAL_RANK=5 TWOFOLD_DEVICE=0,0)
case $got in
"used: GPUs 0,0 (TWOFOLD_DEVICE)"|"with GPUs, it would take: TWOFOLD_DEVICE") ;;
*) fail "TWOFOLD_DEVICE=0,0 with a local rank: twofold-info says [$got]" ;;
esac
got=$(rule)
case $got in
*"the default: TWOFOLD_DEVICE unset and no launcher's local rank"*) ;;
*) fail "no variable: twofold-info says [$got]" ;;
esac
echo "$cases values parsed as expected; the local-rank rule stated by twofold-info"
