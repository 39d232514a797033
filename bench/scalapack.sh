#!/bin/sh
# bench/scalapack.sh: ScaLAPACK's PDGEMM and PDGESV (bench/scalapack) on 1,
# 2, 4, ... ranks, one GPU per rank, each rank preloading libtwofold in dd
# mode, with one TWOFOLD_LOG report per rank in OUTDIR:
#
#   bench/scalapack.sh LIBTWOFOLD BENCH OUTDIR N [N...]
#
# LIBTWOFOLD: the libtwofold.so to preload; BENCH: the bench/scalapack
# program; OUTDIR receives scalapack.txt (the table, also on stdout) and
# log.RANKS.N.R (rank R's report in the run of RANKS ranks at size N), and
# mpirun.log (what else the runs wrote).
# The rank counts are 1, 2, 4, ... up to the GPUs that nvidia-smi lists
# (RANKS="1 2 3" overrides; NB=256 the block size; ROUTINES=pdgemm or
# pdgesv times only that one).  Rank r sees GPU r
# modulo the GPUs (CUDA_VISIBLE_DEVICES), from its launcher's local rank.
# Under an Open MPI that is not where it was built (build-aux/mpi-bundle),
# source the bundle's env.sh first.
set -u
lib=${1:?usage: scalapack.sh LIBTWOFOLD BENCH OUTDIR N [N...]}
bench=${2:?usage: scalapack.sh LIBTWOFOLD BENCH OUTDIR N [N...]}
out=${3:?usage: scalapack.sh LIBTWOFOLD BENCH OUTDIR N [N...]}
shift 3
[ $# -ge 1 ] || { echo "usage: scalapack.sh LIBTWOFOLD BENCH OUTDIR N [N...]" >&2; exit 2; }
lib=$(cd "$(dirname "$lib")" && pwd)/$(basename "$lib")
bench=$(cd "$(dirname "$bench")" && pwd)/$(basename "$bench")
mkdir -p "$out"
out=$(cd "$out" && pwd)
gpus=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU')
listed="$gpus GPU(s): $(nvidia-smi --query-gpu=name --format=csv,noheader 2> /dev/null | sort | uniq -c |
	awk '{ count = $1; $1 = ""; printf "%s%d x%s", separator, count, $0; separator = ", " }')"
[ "$gpus" -ge 1 ] || { gpus=1; listed="no GPU listed by nvidia-smi"; }
if [ -z "${RANKS:-}" ]; then
	RANKS=1
	while [ $((${RANKS##* } * 2)) -le "$gpus" ]; do RANKS="$RANKS $((${RANKS##* } * 2))"; done
fi
# Open MPI: as root, more ranks than cores if asked, no single-copy
# transfers (refused in containers), and no binding of each rank to one
# core (Open MPI's default for 2 ranks or fewer): each rank's CPU threads
# are the machine's CPUs shared out (TWOFOLD_NUM_THREADS).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_hwloc_base_binding_policy=none
cpus=$(nproc)
echo "% $listed; a rank that made no BLAS call writes no report" | tee "$out/scalapack.txt"
echo "% routine ranks grid n nb seconds GFLOP/s" | tee -a "$out/scalapack.txt"
for n in "$@"; do
	for ranks in $RANKS; do
		mpirun -np "$ranks" sh -c '
			local_rank=${OMPI_COMM_WORLD_LOCAL_RANK:-${MPI_LOCALRANKID:-${SLURM_LOCALID:-0}}}
			export CUDA_VISIBLE_DEVICES=$((local_rank % $0))
			exec env LD_PRELOAD="$1" TWOFOLD_MODE=dd TWOFOLD_LOG=1 TWOFOLD_LOG_FILE="$2" \
				TWOFOLD_NUM_THREADS="$6" "$3" "$4" "$5" 1 "$7"
		' "$gpus" "$lib" "$out/log.$ranks.$n.%r" "$bench" "$n" "${NB:-256}" \
			"$((cpus / ranks > 0 ? cpus / ranks : 1))" "${ROUTINES:-both}" > "$out/run.txt" 2>&1
		grep '^pdg' "$out/run.txt" | tee -a "$out/scalapack.txt"
		grep -v '^pdg\|^%' "$out/run.txt" >> "$out/mpirun.log"
		rm -f "$out/run.txt"
	done
done
