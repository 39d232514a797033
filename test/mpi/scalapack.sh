#!/bin/sh
# ScaLAPACK preloaded with libtwofold in dd mode: PDGEMM and PDGESV on RANKS
# processes (2: a 2 x 1 grid, 4: 2 x 2), judged against MPFR by
# test/mpi/scalapack, with TWOFOLD_LOG=1 and TWOFOLD_LOG_FILE=DIR/log.%r:
# each rank's file exists, is that rank's report (twofold[rank R, pid P]:
# on every line, mode dd) and counts the dgemm_ calls the rank made.
#   scalapack.sh RANKS
. "$TF_SRCDIR/test/lib.sh"
ranks=${1:?usage: scalapack.sh RANKS}
program=./test/mpi/scalapack
[ -x "$program" ] ||
	skip "not built: configure found no MPI C compiler wrapper (mpicc), mpi.h or ScaLAPACK library (build-aux/install-deps installs openmpi-bin, libopenmpi-dev and libscalapack-openmpi-dev)"
# A build tree moved to a machine without ScaLAPACK (bring it with
# build-aux/mpi-bundle and source the bundle's env.sh).
missing=$(ldd "$program" 2> /dev/null | sed -n 's/^[[:space:]]*\([^ ]*\) => not found$/\1/p' | tr '\n' ' ')
[ -z "$missing" ] || skip "$program cannot load ${missing% } here (build-aux/mpi-bundle brings Open MPI and ScaLAPACK)"
# configure's, else the PATH's (a build tree moved to a machine where
# build-aux/mpi-bundle's env.sh brings Open MPI).
mpirun=$(sed -n 's/^MPIRUN = //p' "$TF_BUILDDIR/Makefile")
[ -n "$mpirun" ] && [ -x "$mpirun" ] || mpirun=$(command -v mpirun) ||
	skip "no mpirun: configure found none, and none is on the PATH"
# Open MPI's: as root, with more ranks than cores, and in a container where
# one process may not read another's memory (no single-copy transfers).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
# The library is preloaded in the ranks only (env), not in mpirun.
timeout 300 "$mpirun" -np "$ranks" env LD_PRELOAD="$TF_LIB" TWOFOLD_MODE=dd TWOFOLD_LOG=1 \
	TWOFOLD_LOG_FILE="$work/log.%r" "$program" 120 16 > "$work/out" 2> "$work/err"
status=$?
cat "$work/out" "$work/err"
[ $status = 0 ] || fail "$program on $ranks ranks: exit status $status"
grep -q "^grid [0-9]* x [0-9]*, n 120, nb 16$" "$work/out" || fail "no grid line"
for r in $(seq 0 $((ranks - 1))); do
	log=$work/log.$r
	[ -f "$log" ] || fail "rank $r wrote no $log (in $work: $(ls "$work"))"
	pid=$(sed -n '1s/^twofold\[rank '$r', pid \([0-9]*\)]: .*/\1/p' "$log")
	[ -n "$pid" ] || fail "$log: the first line is not rank $r's: $(head -1 "$log")"
	grep -v "^twofold\[rank $r, pid $pid]: " "$log" | grep . && fail "$log: lines of another process"
	grep -q "^twofold\[rank $r, pid $pid]: mode dd, " "$log" || fail "$log: not in mode dd: $(cat "$log")"
	made=$(sed -n "s/^rank $r dgemm_ //p" "$work/out")
	reported=$(sed -n "s/^twofold\[rank $r, pid $pid]: dgemm_ *\([0-9]*\) .*/\1/p" "$log")
	[ -n "$made" ] && [ "$made" -gt 0 ] || fail "rank $r made no dgemm_ call"
	[ "$reported" = "$made" ] || fail "rank $r: its report counts ${reported:-no} dgemm_ calls, it made $made: $(cat "$log")"
	echo "rank $r (pid $pid): $log counts its $made dgemm_ calls"
done
