/* Products split across GPUs by blocks of columns of C (gpu/devices.h).
 *
 * The first context, held by the caller, computes the first block on the
 * calling thread; each other context its own block on a thread of its own,
 * started for the call, after the caller's work on the first GPU (its
 * streams wait for the first context's event).  Host arrays are copied to
 * each GPU by the engine that computes the block: all of op(A), the block's
 * columns of op(B) and C; the split engine's op(A), which every tile reads
 * whole, crosses from the host once instead (share_a): each GPU copies in
 * its share of A's columns, all at once, then the others' shares from
 * their GPUs (NVLink or PCIe between the GPUs), so that no GPU waits for
 * all of A to cross from the host alone.  Device arrays stay in the first GPU's memory,
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
#include <stdio.h>
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

static atomic_long splits, shared_copies;

long tf_gpu_split_count(void)
{
	return atomic_load(&splits);
}

long tf_gpu_split_shared_count(void)
{
	return atomic_load(&shared_copies);
}

/* The blocks' threads meeting: every participant waits in meet() until
 * all have come; one that will not come (its thread did not start) leaves,
 * and is no longer waited for. */
struct rendezvous {
	pthread_mutex_t lock;
	pthread_cond_t all_came;
	int expected, arrived;
	unsigned long round;
};

static void rendezvous_init(struct rendezvous *r, int expected)
{
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->all_came, NULL);
	r->expected = expected;
	r->arrived = 0;
	r->round = 0;
}

static void rendezvous_destroy(struct rendezvous *r)
{
	pthread_cond_destroy(&r->all_came);
	pthread_mutex_destroy(&r->lock);
}

/* With the lock held: the round ends when everyone expected has come. */
static void end_round_if_all_came(struct rendezvous *r)
{
	if (r->arrived > 0 && r->arrived >= r->expected) {
		r->arrived = 0;
		r->round++;
		pthread_cond_broadcast(&r->all_came);
	}
}

static void meet(struct rendezvous *r)
{
	pthread_mutex_lock(&r->lock);
	unsigned long round = r->round;
	r->arrived++;
	end_round_if_all_came(r);
	while (r->round == round)
		pthread_cond_wait(&r->all_came, &r->lock);
	pthread_mutex_unlock(&r->lock);
}

static void leave(struct rendezvous *r)
{
	pthread_mutex_lock(&r->lock);
	r->expected--;
	end_round_if_all_came(r);
	pthread_mutex_unlock(&r->lock);
}

/* The split engine's op(A) from host memory, copied to the GPUs once: A as
 * stored (rows x cols, leading dimension ld) cut into shares of columns,
 * one a block; each GPU's whole copy (leading dimension rows) lies in its
 * context's arena after the engine's workspace. */
struct shared_a {
	struct rendezvous meeting;
	atomic_int failed; /* some GPU has no whole copy: every block reads A from the host */
	const char *host;
	size_t ld, rows, cols, size;
	int shares;
	char *copy[TF_DEVICE_LIST_MAX];
	int device[TF_DEVICE_LIST_MAX];
};

static size_t share_start(const struct shared_a *s, int share)
{
	return s->cols * (size_t)share / (size_t)s->shares;
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

/* The rate at which the split engine is modelled: the INT8 products' at
 * the most moduli allowed. */
static double split_engine_rate(const struct tf_gpu_context *first, int max_moduli)
{
	int moduli = max_moduli < TF_CRT_MAX_MODULI ? max_moduli : TF_CRT_MAX_MODULI;
	return first->int8_gemm_ops / moduli;
}

int tf_gpu_devices_explain(double flops, enum tf_gpu_arith arith, int split_engine, int max_moduli,
			   char *text, size_t size)
{
	const int contexts = tf_gpu_context_count();
	if (contexts < 2)
		return snprintf(text, size, "%s", "");
	if (arith != TF_GPU_DD)
		return snprintf(text, size, "; on the first of the %d GPUs of TWOFOLD_DEVICE, as every "
				"%s product (split, its bits would depend on the cut)", contexts,
				arith == TF_GPU_DF ? "DF" : "cuBLAS");
	const struct tf_gpu_context *first = tf_gpu_rates();
	const double rate = split_engine ? split_engine_rate(first, max_moduli) : first->dd_gemm_flops;
	const double min_flops = tf_config()->devices_min_flops;
	const int split = worth_splitting(flops, rate, contexts);
	if (min_flops >= 0)
		return snprintf(text, size, "; %s the %d GPUs of TWOFOLD_DEVICE, %.3g flops %s "
				"TWOFOLD_DEVICES_MIN_FLOPS=%.3g", split ? "split by blocks of columns of C across"
				: "on the first of", contexts, flops, split ? ">=" : "<", min_flops);
	const double saved = rate > 0 ? flops / rate * (1.0 - 1.0 / contexts) : 0.0;
	return snprintf(text, size, "; %s the %d GPUs of TWOFOLD_DEVICE: the others would save %.3g s "
			"at the modelled rate, %s %.3g s", split ? "split by blocks of columns of C across"
			: "on the first of", contexts, saved, split ? ">=" : "<", SPLIT_SAVING);
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
	struct shared_a *shared;     /* op(A) copied once, or NULL */
	int shared_tried;            /* this block has taken part in the copy */
	int ran;                     /* 0: its context could not be taken, nothing done */
	struct left left;
	pthread_t thread;
};

/* A block's part in the copy of op(A) whose thread could not take its
 * context: the others are told, and met, so that none waits for it. */
static void share_nothing(struct block *b)
{
	if (!b->shared || b->shared_tried)
		return;
	b->shared_tried = 1;
	atomic_store(&b->shared->failed, 1);
	meet(&b->shared->meeting);
	meet(&b->shared->meeting);
}

/* This block's part in the copy of op(A) (struct shared_a): its share from
 * the host, then, once every share has arrived on its GPU, the others'
 * shares from their GPUs.  Returns this GPU's whole copy, or NULL when
 * some GPU has none (every block then reads A from the host, as without
 * the copy: a failed copy is not a failed product). */
static const char *share_a(struct block *b, struct tf_gpu_context *gpu, const struct tf_product *part)
{
	struct shared_a *s = b->shared;
	const int me = b->index;
	const size_t column = s->rows * s->size;
	b->shared_tried = 1;
	char *arena = tf_gpu_scratch(gpu, tf_gpu_split_arena_bytes(part, b->options, b->mb, b->nb, 1) +
						  column * s->cols);
	char *copy = arena ? arena + tf_gpu_split_arena_bytes(part, b->options, b->mb, b->nb, 1) : NULL;
	cudaError_t status = cudaErrorMemoryAllocation;
	const size_t j0 = share_start(s, me), j1 = share_start(s, me + 1);
	if (copy) {
		status = j1 > j0 ? tf_gpu_upload_elements(gpu, s->host + j0 * s->ld * s->size, s->size, s->ld,
							  (int)s->rows, (int)(j1 - j0), copy + j0 * column,
							  s->rows, gpu->streams[0])
				 : cudaSuccess;
		if (status == cudaSuccess)
			status = cudaStreamSynchronize(gpu->streams[0]);
	}
	s->copy[me] = copy;
	s->device[me] = gpu->device;
	if (status != cudaSuccess)
		atomic_store(&s->failed, 1);
	meet(&s->meeting); /* every share is on its GPU */
	for (int other = 0; other < s->shares && !atomic_load(&s->failed); other++) {
		const size_t k0 = share_start(s, other), k1 = share_start(s, other + 1);
		if (other == me || k1 == k0)
			continue;
		status = cudaMemcpyPeerAsync(copy + k0 * column, gpu->device, s->copy[other] + k0 * column,
					     s->device[other], (k1 - k0) * column, gpu->streams[0]);
		if (status == cudaSuccess)
			status = cudaStreamSynchronize(gpu->streams[0]);
		if (status != cudaSuccess)
			atomic_store(&s->failed, 1);
	}
	if (status != cudaSuccess)
		cudaGetLastError();
	meet(&s->meeting); /* every copy is whole, or some GPU gave up */
	return atomic_load(&s->failed) ? NULL : copy;
}

static void run_block(struct block *b, struct tf_gpu_context *gpu)
{
	if (b->op) {
		struct tf_op part = tf_gemm_tile(b->op, 0, b->op->m, b->j0, b->n);
		tf_gpu_gemm(gpu, &part, TF_GPU_DD, NULL, keep_op, &b->left);
	} else {
		struct tf_product part = tf_product_tile(b->p, 0, b->p->m, b->j0, b->n);
		if (b->shared && !b->shared_tried) {
			const char *copy = share_a(b, gpu, &part);
			if (copy) {
				part.a = copy;
				part.lda = (int)b->shared->rows;
			}
		}
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
	if (!gpu) {
		share_nothing(b);
		return NULL;
	}
	run_block(b, gpu);
	tf_gpu_release(gpu);
	return NULL;
}

/* Runs the blocks (blocks[0] on `first`, on this thread), then on `first`
 * any block whose context could not be taken. */
static void run_blocks(struct tf_gpu_context *first, struct block *blocks, int count)
{
	int started[TF_DEVICE_LIST_MAX] = { 0 };
	for (int c = 1; c < count; c++) {
		started[c] = pthread_create(&blocks[c].thread, NULL, block_thread, &blocks[c]) == 0;
		if (!started[c] && blocks[c].shared) { /* not waited for */
			blocks[c].shared_tried = 1;
			atomic_store(&blocks[c].shared->failed, 1);
			leave(&blocks[c].shared->meeting);
		}
	}
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
	double rate = split_engine_rate(first, options->max_moduli);
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
	/* op(A) copied once when it is host memory and each GPU holds it whole
	 * (one row of tiles), in its arena beside the engine's workspace: the
	 * tiles were chosen with a copy of A in the workspace, so the memory
	 * is the same. */
	struct shared_a shared = { .failed = 0 };
	const int share = !tf_gpu_is_device_memory(p->a) && mb >= p->m;
	if (share) {
		rendezvous_init(&shared.meeting, count);
		shared.host = p->a;
		shared.ld = (size_t)p->lda;
		shared.rows = (size_t)(p->transa == 'N' ? p->m : p->k);
		shared.cols = (size_t)(p->transa == 'N' ? p->k : p->m);
		shared.size = tf_product_element_bytes(p->kind);
		shared.shares = count;
	}
	for (int c = 0; c < count; c++) {
		blocks[c].first = first;
		blocks[c].p = p;
		blocks[c].options = options;
		blocks[c].mb = mb;
		blocks[c].nb = nb;
		blocks[c].shared = share ? &shared : NULL;
	}
	run_blocks(first, blocks, count);
	if (share) {
		rendezvous_destroy(&shared.meeting);
		if (!atomic_load(&shared.failed))
			atomic_fetch_add(&shared_copies, 1);
	}
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
