/* Products split across GPUs by blocks of columns of C (gpu/devices.h).
 *
 * The first context, held by the caller, computes the first block on the
 * calling thread; each other context its own block on a thread of its own,
 * started for the call, after the caller's work on the first GPU (its
 * streams wait for the first context's event).  Host arrays are copied to
 * each GPU by the engine that computes the block: all of op(A), the block's
 * columns of op(B) and C.  Device arrays stay in the first GPU's memory,
 * read and written in place by the other GPUs' kernels through peer access
 * (or directly, for a second context on the same GPU); where a GPU cannot
 * reach them, or they lie on another GPU than the first, the product stays
 * on the first GPU.  The parts the GPUs leave
 * (an element the GPU does not compute as the reference does, a failure)
 * are gathered and passed on after every block is done, on the caller's
 * thread.
 *
 * Blocks are cut at multiples of BLOCK_COLUMNS for the DD kernel (whose
 * elements do not depend on the tile they are computed in) and at the
 * split engine's own tile columns for the split engine (whose moduli,
 * shifts and fallbacks are chosen per tile): each element is then computed
 * exactly as on one GPU.
 *
 * The threshold: a product is split when the time the other GPUs save, at
 * the modelled rate, is at least SPLIT_SAVING seconds (the cost of waking
 * them: threads, events, every GPU's copy of op(A) in parallel with the
 * first's), or, with TWOFOLD_DEVICES_MIN_FLOPS, when it has at least that
 * many flops. */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "core/environment.h"
#include "core/message.h"
#include "gpu/cublas.h"
#include "gpu/devices.h"
#include "gpu/gemm.h"
#include "gpu/split.h"
#include "gpu/transfer.h"
#include "twofold/crt.h"

#define BLOCK_COLUMNS 256
#define SPLIT_SAVING 4e-3

static atomic_long splits;

long tf_gpu_split_count(void)
{
	return atomic_load(&splits);
}

/* Whether a product of `flops` at `rate` flop/s on one GPU is worth
 * splitting over `count` contexts. */
static int worth_splitting(double flops, double rate, int count)
{
	double min_flops = tf_config()->devices_min_flops;
	if (min_flops >= 0)
		return flops >= min_flops;
	return rate > 0 && flops / rate * (1.0 - 1.0 / count) >= SPLIT_SAVING;
}

/* Whether every context can reach the arrays that are device memory: on
 * the first context's GPU (managed memory: any), with every context on
 * that GPU or its peer. */
static int reachable(const struct tf_gpu_context *first, const void *const *arrays, int count,
		     int contexts)
{
	int on_device = 0;
	for (int i = 0; i < count; i++) {
		struct cudaPointerAttributes attributes;
		if (cudaPointerGetAttributes(&attributes, arrays[i]) != cudaSuccess) {
			cudaGetLastError(); /* an unknown host pointer */
			continue;
		}
		if (attributes.type == cudaMemoryTypeDevice) {
			if (attributes.device != first->device)
				return 0;
			on_device = 1;
		}
	}
	for (int c = 1; c < contexts && on_device; c++)
		if (!tf_gpu_context_reaches_first(c))
			return 0;
	return 1;
}

/* Parts left by one block, kept until every block is done. */
struct left {
	struct tf_op *ops;
	struct tf_product *products;
	int count, size;
};

static void keep_op(const struct tf_op *part, void *context)
{
	struct left *left = context;
	if (left->count == left->size) {
		int size = left->size ? 2 * left->size : 8;
		struct tf_op *ops = realloc(left->ops, (size_t)size * sizeof *ops);
		if (!ops)
			tf_fatal("out of memory for the list of a split product's parts");
		left->ops = ops;
		left->size = size;
	}
	left->ops[left->count++] = *part;
}

static void keep_product(const struct tf_product *part, void *context)
{
	struct left *left = context;
	if (left->count == left->size) {
		int size = left->size ? 2 * left->size : 8;
		struct tf_product *products = realloc(left->products, (size_t)size * sizeof *products);
		if (!products)
			tf_fatal("out of memory for the list of a split product's parts");
		left->products = products;
		left->size = size;
	}
	left->products[left->count++] = *part;
}

/* One block of columns, on one context. */
struct block {
	int index;                   /* the context's */
	struct tf_gpu_context *first;
	int j0, n;
	/* GEMM on the DD kernel */
	const struct tf_op *op;
	/* the split engine */
	const struct tf_product *p;
	const struct tf_split_options *options;
	int mb, nb;
	struct tf_split_report report;
	int failed;                  /* the split engine wrote nothing: the whole block left */
	int ran;                     /* 0: its context could not be taken, nothing done */
	struct left left;
	pthread_t thread;
};

static void run_block(struct block *b, struct tf_gpu_context *gpu)
{
	if (b->op) {
		struct tf_op part = tf_gemm_tile(b->op, 0, b->op->m, b->j0, b->n);
		tf_gpu_gemm(gpu, &part, TF_GPU_DD, NULL, keep_op, &b->left);
	} else {
		struct tf_product part = tf_product_tile(b->p, 0, b->p->m, b->j0, b->n);
		const struct tf_cublas *cublas = tf_cublas(gpu);
		b->failed = !cublas || tf_gpu_split_product_tiled(gpu, cublas, &part, b->options, b->mb,
								  b->nb, &b->report, keep_product,
								  &b->left) != TF_SPLIT_DONE;
	}
	b->ran = 1;
}

static void *block_thread(void *argument)
{
	struct block *b = argument;
	struct tf_gpu_context *gpu = tf_gpu_acquire_other(b->index, b->first);
	if (!gpu)
		return NULL;
	run_block(b, gpu);
	tf_gpu_release(gpu);
	return NULL;
}

/* Runs the blocks (blocks[0] on `first`, on this thread), then on `first`
 * any block whose context could not be taken. */
static void run_blocks(struct tf_gpu_context *first, struct block *blocks, int count)
{
	int started[TF_DEVICE_LIST_MAX] = { 0 };
	for (int c = 1; c < count; c++)
		started[c] = pthread_create(&blocks[c].thread, NULL, block_thread, &blocks[c]) == 0;
	run_block(&blocks[0], first);
	for (int c = 1; c < count; c++) {
		if (started[c])
			pthread_join(blocks[c].thread, NULL);
		if (!blocks[c].ran) {
			/* back on the first GPU's device for its streams */
			cudaSetDevice(first->device);
			run_block(&blocks[c], first);
		}
	}
	cudaSetDevice(first->device);
	atomic_fetch_add(&splits, 1);
}

/* Cuts n columns into at most `count` blocks of whole units of `unit`
 * columns, as even as the units allow; returns the blocks made. */
static int cut(struct block *blocks, int count, int n, int unit)
{
	int units = (n + unit - 1) / unit, made = 0;
	if (units < count)
		count = units;
	for (int c = 0; c < count; c++) {
		int u0 = (int)((long)units * c / count), u1 = (int)((long)units * (c + 1) / count);
		int j0 = u0 * unit, j1 = u1 * unit < n ? u1 * unit : n;
		blocks[made] = (struct block){ .index = c, .j0 = j0, .n = j1 - j0 };
		made++;
	}
	return made;
}

int tf_gpu_devices_gemm(struct tf_gpu_context *first, const struct tf_op *op,
			tf_gpu_undone *undone, void *context)
{
	int contexts = tf_gpu_context_count();
	if (contexts < 2 || op->alpha == 0.0 || op->k == 0 ||
	    !worth_splitting(2.0 * op->m * op->n * op->k, first->dd_gemm_flops, contexts))
		return 0;
	const void *arrays[3] = { op->a, op->b, op->c };
	if (!reachable(first, arrays, 3, contexts))
		return 0;
	struct block blocks[TF_DEVICE_LIST_MAX];
	int count = cut(blocks, contexts, op->n, BLOCK_COLUMNS);
	if (count < 2)
		return 0;
	for (int c = 0; c < count; c++) {
		blocks[c].first = first;
		blocks[c].op = op;
	}
	run_blocks(first, blocks, count);
	for (int c = 0; c < count; c++) {
		for (int i = 0; i < blocks[c].left.count; i++)
			undone(&blocks[c].left.ops[i], context);
		free(blocks[c].left.ops);
	}
	return 1;
}

int tf_gpu_devices_split(struct tf_gpu_context *first, const struct tf_product *p,
			 const struct tf_split_options *options, struct tf_split_report *report,
			 tf_product_undone *undone, void *context)
{
	int contexts = tf_gpu_context_count();
	int moduli = options->max_moduli < TF_CRT_MAX_MODULI ? options->max_moduli : TF_CRT_MAX_MODULI;
	double rate = first->int8_gemm_ops / moduli;
	int mb, nb;
	if (contexts < 2 || !worth_splitting(2.0 * p->m * p->n * p->k, rate, contexts) ||
	    !tf_gpu_split_tiles(first, p, options, &mb, &nb))
		return 0;
	const void *arrays[3] = { p->a, p->b, p->c };
	if (!reachable(first, arrays, 3, contexts))
		return 0;
	struct block blocks[TF_DEVICE_LIST_MAX];
	int count = cut(blocks, contexts, p->n, nb);
	if (count < 2)
		return 0; /* one column of tiles (device arrays: one tile) */
	for (int c = 0; c < count; c++) {
		blocks[c].first = first;
		blocks[c].p = p;
		blocks[c].options = options;
		blocks[c].mb = mb;
		blocks[c].nb = nb;
	}
	run_blocks(first, blocks, count);
	*report = (struct tf_split_report){ 0 };
	for (int c = 0; c < count; c++) {
		const struct tf_split_report *r = &blocks[c].report;
		if (r->moduli > report->moduli)
			report->moduli = r->moduli;
		report->capped |= r->capped;
		report->rows_capped += r->rows_capped;
		report->columns_capped += r->columns_capped;
		report->recomputed += r->recomputed;
		if (blocks[c].failed) {
			struct tf_product part = tf_product_tile(p, 0, p->m, blocks[c].j0, blocks[c].n);
			undone(&part, context);
		}
		for (int i = 0; i < blocks[c].left.count; i++)
			undone(&blocks[c].left.products[i], context);
		free(blocks[c].left.products);
	}
	return 1;
}
