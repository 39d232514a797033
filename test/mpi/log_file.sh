#!/bin/sh
# Every line twofold writes says the process (twofold[pid P]: and, in a
# parallel job, twofold[rank R, pid P]:), and TWOFOLD_LOG_FILE sends each
# process's TWOFOLD_LOG report to a file of its own: %r the rank (the PID
# outside a job), %p the PID, %% a percent sign; an unwritable path said
# once, the report then on stderr; a bad pattern refused by the parser;
# messages stay on stderr; two processes, each its file; two processes,
# one file, each report whole.  test/core/log_counts makes the calls.
. "$TF_SRCDIR/test/lib.sh"
program=./test/core/log_counts
# No launcher's variable from the environment the tests run in.
clean="env -u OMPI_COMM_WORLD_RANK -u MV2_COMM_WORLD_RANK -u PMIX_RANK -u PMI_RANK -u PALS_RANKID -u SLURM_PROCID -u TWOFOLD_LOG_FILE TWOFOLD_LOG=1 TWOFOLD_MODE=cpu"

# run NAME [VARIABLE=VALUE...]: the program, its PID in $work/NAME.pid,
# output in $work/NAME.out, stderr in $work/NAME.err.
run() {
	name=$1
	shift
	sh -c 'echo $$ > "$0.pid"; exec "$@"' "$work/$name" $clean "$@" $program \
		> "$work/$name.out" 2> "$work/$name.err" || fail "$name: $(cat "$work/$name.err")"
}
# report_of FILE PREFIX CALLS: FILE holds one whole report, each line with
# PREFIX, counting CALLS ddot_ calls.
report_of() {
	[ -f "$1" ] || fail "no file $1 (in $work: $(ls "$work"))"
	[ "$(grep -c "^$2mode cpu, CPU BLAS " "$1")" = 1 ] || fail "$1: not one report header: $(cat "$1")"
	grep -v "^$2" "$1" | grep . && fail "$1: lines without the prefix [$2]"
	got=$(sed -n "s/^$2ddot_ *\([0-9]*\) .*/\1/p" "$1")
	[ "$got" = "$3" ] || fail "$1: $got ddot_ calls reported, $3 made"
}
calls() { sed -n 's/^calls //p' "$work/$1.out"; }

# Outside a job: %r and %p are the PID, %% a percent; stderr keeps nothing.
run plain TWOFOLD_LOG_FILE="$work/log.%r.%p.%%"
pid=$(cat "$work/plain.pid")
report_of "$work/log.$pid.$pid.%" "twofold\[pid $pid]: " "$(calls plain)"
[ -s "$work/plain.err" ] && fail "stderr not empty with TWOFOLD_LOG_FILE: $(cat "$work/plain.err")"
echo "log.%r.%p.%% -> log.$pid.$pid.%, report of pid $pid"

# Without TWOFOLD_LOG_FILE: the report on stderr, with the prefix.
run stderr
pid=$(cat "$work/stderr.pid")
report_of "$work/stderr.err" "twofold\[pid $pid]: " "$(calls stderr)"

# Rank 3 of an Open MPI job: %r is 3; every line says rank and PID; a
# message (a misspelt variable) goes to stderr, not to the file.
run rank3 OMPI_COMM_WORLD_RANK=3 TWOFOLD_LOG_FILE="$work/rank.%r" TWOFOLD_MISSPELT=1
pid=$(cat "$work/rank3.pid")
report_of "$work/rank.3" "twofold\[rank 3, pid $pid]: " "$(calls rank3)"
[ "$(cat "$work/rank3.err")" = "$(grep "^twofold\[rank 3, pid $pid]: unknown environment variable TWOFOLD_MISSPELT ignored" "$work/rank3.err")" ] &&
	[ -s "$work/rank3.err" ] || fail "rank 3: expected one message on stderr, got: $(cat "$work/rank3.err")"
grep -q MISSPELT "$work/rank.3" && fail "the message went to the report's file"
echo "rank.%r -> rank.3, lines twofold[rank 3, pid $pid]:, the message on stderr"

# An unwritable path: said once, the report on stderr.
run unwritable TWOFOLD_LOG_FILE="$work/none/log.%p"
pid=$(cat "$work/unwritable.pid")
[ "$(grep -c "^twofold\[pid $pid]: cannot write the report to $work/none/log.$pid (TWOFOLD_LOG_FILE): No such file or directory; it goes to stderr$" "$work/unwritable.err")" = 1 ] ||
	fail "unwritable path: $(cat "$work/unwritable.err")"
grep -v "cannot write the report" "$work/unwritable.err" > "$work/unwritable.report"
report_of "$work/unwritable.report" "twofold\[pid $pid]: " "$(calls unwritable)"
echo "unwritable path: one message, the report on stderr"

# A pattern with another % than %r, %p, %%: refused by the parser.
run badpattern TWOFOLD_LOG_FILE="$work/log.%d"
pid=$(cat "$work/badpattern.pid")
[ "$(grep -c "^twofold\[pid $pid]: TWOFOLD_LOG_FILE=$work/log.%d is not a path in which each % is followed by r (rank), p (PID) or %; using stderr$" "$work/badpattern.err")" = 1 ] ||
	fail "bad pattern: $(cat "$work/badpattern.err")"
ls "$work" | grep -q '^log\.%d' && fail "a file made from a refused pattern"
grep -v "is not a path" "$work/badpattern.err" > "$work/badpattern.report"
report_of "$work/badpattern.report" "twofold\[pid $pid]: " "$(calls badpattern)"
echo "log.%d refused, the report on stderr"

# Two ranks at once, each its own file.
run rank0 OMPI_COMM_WORLD_RANK=0 TWOFOLD_LOG_FILE="$work/two.%r" & first=$!
run rank1 OMPI_COMM_WORLD_RANK=1 TWOFOLD_LOG_FILE="$work/two.%r" & second=$!
wait $first || exit 1
wait $second || exit 1
for r in 0 1; do
	report_of "$work/two.$r" "twofold\[rank $r, pid $(cat "$work/rank$r.pid")]: " "$(calls rank$r)"
done
echo "two ranks: two.0 and two.1, each its own report"

# Two processes, one name: both reports, each whole (its lines together).
run shared1 TWOFOLD_LOG_FILE="$work/shared" & first=$!
run shared2 TWOFOLD_LOG_FILE="$work/shared" & second=$!
wait $first || exit 1
wait $second || exit 1
for p in shared1 shared2; do
	pid=$(cat "$work/$p.pid")
	grep "^twofold\[pid $pid]: " "$work/shared" > "$work/$p.part"
	report_of "$work/$p.part" "twofold\[pid $pid]: " "$(calls $p)"
	first_line=$(grep -n "^twofold\[pid $pid]: " "$work/shared" | head -1 | cut -d: -f1)
	last_line=$(grep -n "^twofold\[pid $pid]: " "$work/shared" | tail -1 | cut -d: -f1)
	[ $((last_line - first_line + 1)) = "$(wc -l < "$work/$p.part")" ] ||
		fail "the report of pid $pid is mixed with the other's: $(cat "$work/shared")"
done
[ "$(wc -l < "$work/shared")" = $(($(wc -l < "$work/shared1.part") + $(wc -l < "$work/shared2.part"))) ] ||
	fail "lines of neither report in the shared file"
echo "two processes, one file: both reports, each whole"
