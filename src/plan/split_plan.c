#include "config.h"

/* The planner's side of the split product engine: which products go to it
 * (TWOFOLD_SPLIT), on the GPU or, forced with no GPU, on its CPU twin, and
 * where the tiles it leaves go. */
#include "core/environment.h"
#include "cpu/forward.h"
#include "cpu/split.h"
#include "cpu/typed.h"
#include "gpu/gpu.h"
#include "gpu/typed.h"
#include "plan/report.h"
#include "plan/split_plan.h"
#include "twofold/crt.h"

_Static_assert(TF_SPLIT_MAX_MODULI <= TF_CRT_MAX_MODULI, "TWOFOLD_SPLIT_MAX_MODULI's range");

/* Below SPLIT_MIN_SIDE in any of m, n and k the engine's fixed work
 * (scans, a round trip for the budget, one GEMM launch per modulus) may
 * outweigh what it saves: auto leaves such products to the DD kernel,
 * except from SPLIT_LARGE_SIDE on where m n k reaches SPLIT_LARGE_WORK
 * (the DD kernel's time then far above the engine's fixed work).  On an
 * H100, n = 1024 takes 0.6 ms in the engine against 0.9 ms in the DD
 * kernel; on an H200, dtrsm's update 8192 x 512 x 512 of DD unknowns 1.5
 * ms against 2.2 (docs/PERFORMANCE.md). */
#define SPLIT_MIN_SIDE 1024
#define SPLIT_LARGE_SIDE 512
#define SPLIT_LARGE_WORK 0x1p31
/* The moduli the planner expects of a product before seeing its data:
 * doubles of one exponent, k near 8192. */
#define SPLIT_TYPICAL_MODULI 16

static int wanted(int m, int n, int k)
{
	switch (tf_config()->split) {
	case TF_SPLIT_OFF: return 0;
	case TF_SPLIT_FORCE: return 1;
	default: {
		const int least = m < n ? (m < k ? m : k) : (n < k ? n : k);
		return least >= SPLIT_MIN_SIDE ||
		       (least >= SPLIT_LARGE_SIDE && (double)m * n * k >= SPLIT_LARGE_WORK);
	}
	}
}

double tf_plan_split_flops(int m, int n, int k)
{
	return tf_config()->mode == TF_MODE_DD && wanted(m, n, k)
		       ? tf_gpu_split_flops(SPLIT_TYPICAL_MODULI)
		       : 0.0;
}

/* The product on the GPU when gpu_chosen (or forced), else, forced and
 * readable by the CPU, on the CPU twin; the tiles the GPU engine leaves go
 * to `elsewhere`.  Returns 1 with *where set when it ran; 0 (nothing
 * written) to leave the call to the other paths, as for Inf or NaN on the
 * CPU twin. */
static int run(const struct tf_product *p, const struct tf_split_options *options, int routine,
	       int gpu_chosen, int host_readable, tf_product_undone *elsewhere, void *context,
	       enum tf_where *where)
{
	const int force = tf_config()->split == TF_SPLIT_FORCE;
	struct tf_split_report report;
	if ((gpu_chosen || force) && tf_gpu_split(p, options, &report, elsewhere, context) == 0) {
		*where = TF_WHERE_GPU_SPLIT;
	} else if (force && host_readable) {
		tf_cpu_split_product(p, options, &report);
		if (!report.moduli)
			return 0;
		*where = TF_WHERE_CPU_SPLIT;
	} else {
		return 0;
	}
	if (tf_config()->log && report.moduli)
		tf_report_moduli(routine, report.moduli, report.capped);
	return 1;
}

/* ---- dgemm */

static void op_by_reference(const struct tf_product *p, int i, int j, void *context)
{
	(void)p;
	tf_cpu_forward_element(context, i, j);
}

struct op_parts {
	const struct tf_op *op;
	tf_gpu_undone *elsewhere;
};

/* A tile the engine left (its operands hold Inf or NaN, or the GPU failed):
 * the same part of the op, computed elsewhere. */
static void op_part_elsewhere(const struct tf_product *part, void *context)
{
	const struct op_parts *parts = context;
	struct tf_op o = *parts->op;
	o.m = part->m;
	o.n = part->n;
	o.a = part->a;
	o.b = part->b;
	o.c = part->c;
	parts->elsewhere(&o, NULL);
}

int tf_plan_split_op(const struct tf_op *op, int gpu_chosen, tf_gpu_undone *elsewhere,
		     enum tf_where *where)
{
	const struct tf_config *config = tf_config();
	if (op->kind != TF_OP_GEMM || op->alpha == 0.0 || op->k == 0 || !wanted(op->m, op->n, op->k))
		return 0;
	struct tf_product p = tf_product_of_op(op);
	struct tf_split_options options = { .max_moduli = config->split_max_moduli,
					    .by_reference = op_by_reference, .context = (void *)op };
	struct op_parts parts = { op, elsewhere };
	return run(&p, &options, op->routine, gpu_chosen, tf_gpu_op_memory(op).host_readable,
		   op_part_elsewhere, &parts, where);
}

int tf_plan_split_would_take(int m, int n, int k, int gpu_chosen, enum tf_where *where)
{
	if (k == 0 || !wanted(m, n, k))
		return 0;
	const int force = tf_config()->split == TF_SPLIT_FORCE;
	if ((gpu_chosen || force) && tf_gpu_split_flops(SPLIT_TYPICAL_MODULI) > 0)
		*where = TF_WHERE_GPU_SPLIT;
	else if (force)
		*where = TF_WHERE_CPU_SPLIT;
	else
		return 0;
	return 1;
}

/* ---- typed GEMM (DD, TS) */

static void typed_part_elsewhere(const struct tf_product *part, void *context)
{
	struct tf_typed_op o = *(const struct tf_typed_op *)context;
	o.m = part->m;
	o.n = part->n;
	o.a.hi = (void *)part->a;
	o.b.hi = (void *)part->b;
	o.c.hi = part->c;
	struct tf_gpu_memory memory = tf_gpu_typed_memory(&o);
	if (tf_gpu_typed_run(&o, memory) != 0)
		tf_cpu_typed_run(&o);
}

int tf_plan_split_typed(const struct tf_typed_op *op, int gpu_chosen, enum tf_where *where)
{
	const struct tf_config *config = tf_config();
	struct tf_product p;
	if (!tf_product_of_typed(op, &p) || op->k == 0 || tf_scalar_is_zero(op->format, op->alpha) ||
	    config->mode == TF_MODE_CPU || !wanted(op->m, op->n, op->k))
		return 0;
	struct tf_split_options options = { .max_moduli = config->split_max_moduli };
	return run(&p, &options, op->routine, gpu_chosen, tf_gpu_typed_memory(op).host_readable,
		   typed_part_elsewhere, (void *)op, where);
}
