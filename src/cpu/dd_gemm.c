/* C = alpha op(A) op(B) + beta C in DD on the CPU.
 *
 * C is cut into MC x NC tiles, one task each, run by the thread pool.  A
 * task keeps its tile's sums as DD in a workspace, and for each KC-deep slab
 * of the inner dimension packs op(A) into mr-row panels and op(B) into
 * nr-column panels (zero-padded), on which the per-instruction-set loops
 * (dd_loops.c) run register tiles.  The sums stay DD across slabs; alpha,
 * beta and the one rounding are applied when the tile is done, after a
 * sum that may have left double's range is formed again (twofold/arith_dd.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/forward.h"
#include "cpu/threads.h"

#define MC 128
#define NC 128
#define KC 256

struct gemm_job {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
	int tiles_m;
};

static int round_up(int value, int multiple)
{
	return (value + multiple - 1) / multiple * multiple;
}

/* op(A)(i, l) and op(B)(l, j). */
static double element_a(const struct tf_op *op, int i, int l)
{
	return op->transa == 'N' ? op->a[i + (size_t)l * op->lda] : op->a[l + (size_t)i * op->lda];
}

static double element_b(const struct tf_op *op, int l, int j)
{
	return op->transb == 'N' ? op->b[l + (size_t)j * op->ldb] : op->b[j + (size_t)l * op->ldb];
}

/* Rows ic.. of op(A), columns pc..pc+kc, as panels of mr rows, each panel
 * stored l-major: panel[l*mr + i]. */
static void pack_a(const struct tf_op *op, int ic, int mc, int pc, int kc, int mr, double *dst)
{
	for (int p = 0; p < mc; p += mr, dst += (size_t)kc * mr)
		for (int l = 0; l < kc; l++)
			for (int i = 0; i < mr; i++)
				dst[l * mr + i] = ic + p + i < op->m ? element_a(op, ic + p + i, pc + l) : 0.0;
}

/* Rows pc..pc+kc of op(B), columns jc.., as panels of nr columns:
 * panel[l*nr + j]. */
static void pack_b(const struct tf_op *op, int pc, int kc, int jc, int nc, int nr, double *dst)
{
	for (int q = 0; q < nc; q += nr, dst += (size_t)kc * nr)
		for (int l = 0; l < kc; l++)
			for (int j = 0; j < nr; j++)
				dst[l * nr + j] = jc + q + j < op->n ? element_b(op, pc + l, jc + q + j) : 0.0;
}

/* alpha op(A)(i, :) op(B)(:, j) formed again for a sum that may have left
 * the range (twofold/arith_dd.h); 0 when that does not apply. */
static int rescaled(const struct tf_op *op, int i, int j, tf_dd sum, tf_dd *r)
{
	const double *row = op->transa == 'N' ? op->a + i : op->a + (size_t)i * op->lda;
	const double *column = op->transb == 'N' ? op->b + (size_t)j * op->ldb : op->b + j;
	return tf_dd_range_dot(op->k, row, op->transa == 'N' ? (ptrdiff_t)op->lda : 1, column,
			       op->transb == 'N' ? 1 : (ptrdiff_t)op->ldb, op->alpha, sum, r);
}

/* r + beta c, rounded once. */
static double with_beta(double beta, tf_dd r, double c)
{
	if (beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(beta, c));
	return tf_dd_to_double(r);
}

/* An element whose result is not finite, or whose sum is tiny: formed again
 * scaled where the sum may have left the range, else kept (a cancellation)
 * or, not finite, computed by the CPU BLAS. */
static __attribute__((noinline)) void finish_element(const struct tf_op *op, int i, int j,
						     tf_dd sum, double value, double *c)
{
	tf_dd r;
	if (rescaled(op, i, j, sum, &r))
		value = with_beta(op->beta, r, *c);
	if (isfinite(value))
		*c = value;
	else
		tf_cpu_forward_element(op, i, j);
}

static void finish_tile(const struct tf_op *op, int ic, int mc, int jc, int nc,
			const double *acc_hi, const double *acc_lo, int ld)
{
	/* held here: the calls below could change *op as far as the compiler knows */
	const double alpha = op->alpha, beta = op->beta;
	for (int j = 0; j < nc; j++) {
		double *c = op->c + ic + (size_t)(jc + j) * op->ldc;
		for (int i = 0; i < mc; i++) {
			tf_dd sum = tf_dd_make(acc_hi[j * ld + i], acc_lo[j * ld + i]);
			double value = with_beta(beta, tf_dd_mul_d(sum, alpha), c[i]);
			if (isfinite(value) && fabs(sum.hi) >= TF_DD_RANGE_SUSPECT)
				c[i] = value;
			else
				finish_element(op, ic + i, jc + j, sum, value, c + i);
		}
	}
}

static void run_tile(void *context, int task)
{
	const struct gemm_job *job = context;
	const struct tf_op *op = job->op;
	const struct tf_dd_loops *loops = job->loops;
	int ic = task % job->tiles_m * MC, jc = task / job->tiles_m * NC;
	int mc = op->m - ic < MC ? op->m - ic : MC;
	int nc = op->n - jc < NC ? op->n - jc : NC;
	int mp = round_up(mc, loops->mr), np = round_up(nc, loops->nr);
	size_t acc_size = (size_t)mp * np, a_size = (size_t)mp * KC, b_size = (size_t)KC * np;
	double *work = malloc((2 * acc_size + a_size + b_size) * sizeof *work);
	if (!work)
		tf_fatal("out of memory in the CPU DD gemm (%zu bytes)",
			 (2 * acc_size + a_size + b_size) * sizeof *work);
	double *acc_hi = work, *acc_lo = work + acc_size, *ap = acc_lo + acc_size, *bp = ap + a_size;
	memset(acc_hi, 0, 2 * acc_size * sizeof *work);

	for (int pc = 0; pc < op->k; pc += KC) {
		int kc = op->k - pc < KC ? op->k - pc : KC;
		pack_a(op, ic, mp, pc, kc, loops->mr, ap);
		pack_b(op, pc, kc, jc, np, loops->nr, bp);
		for (int jr = 0; jr < np; jr += loops->nr)
			for (int ir = 0; ir < mp; ir += loops->mr)
				loops->gemm_tile(kc, ap + (size_t)ir * kc, bp + (size_t)jr * kc,
						 acc_hi + (size_t)jr * mp + ir, acc_lo + (size_t)jr * mp + ir, mp);
	}
	finish_tile(op, ic, mc, jc, nc, acc_hi, acc_lo, mp);
	free(work);
}

/* alpha = 0 or k = 0, as the reference does it (A and B unread).  alpha = 0
 * gives C = beta C.  With k = 0 and op(A) = A the reference also scales C
 * by beta and adds nothing; with op(A) = A^T it forms each element as
 * alpha * (an empty sum) + beta C, so alpha = Inf or NaN gives NaN, and a
 * negative alpha with beta = 0 gives -0. */
static void scale_c(const struct tf_op *op)
{
	int empty_term = op->alpha != 0.0 && op->transa != 'N';
	double term = op->alpha * 0.0;
	for (int j = 0; j < op->n; j++) {
		double *c = op->c + (size_t)j * op->ldc;
		for (int i = 0; i < op->m; i++) {
			double scaled = op->beta == 0.0 ? 0.0 : op->beta * c[i];
			c[i] = !empty_term ? scaled : op->beta == 0.0 ? term : term + scaled;
		}
	}
}

void tf_cpu_dd_gemm(const struct tf_op *op)
{
	if (op->alpha == 0.0 || op->k == 0) {
		scale_c(op);
		return;
	}
	struct gemm_job job = { .op = op, .loops = tf_dd_loops(), .tiles_m = (op->m + MC - 1) / MC };
	int tiles = job.tiles_m * ((op->n + NC - 1) / NC);
	tf_parallel_for(tiles, run_tile, &job);
}
