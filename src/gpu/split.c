/* The split product engine on the GPU: the algorithm of twofold/crt.h, in
 * the order the CPU twin (src/cpu/split_gemm.c) takes it, one tile of C at
 * a time:
 *
 *   scan      each row of op(A) and column of op(B): its exponent span,
 *             and whether it holds Inf or NaN (then the tile is declined)
 *   budget    on the host: the moduli, each row's and column's shift
 *   residues  op(A) and op(B) as int8 residues modulo every modulus, k
 *             padded to a multiple of 16 (kp x rows, "TN" for the INT8
 *             tensor cores)
 *   products  per modulus, cuBLAS INT8 GEMMs with int32 sums over blocks of
 *             at most TF_CRT_K_BLOCK terms, each reduced modulo m
 *   rebuild   each element from its residues, rounded once and finished;
 *             capped products check each element against the working
 *             arithmetic's bound and compute the others again
 *
 * Arrays in device or managed memory are used in place; host arrays are
 * copied in through the staging buffers, op(A)'s row block once per row of
 * tiles, and C's tile brought home when it is done.  The arena holds a
 * tile's copies and working arrays for the most moduli allowed, tiles being
 * halved until that fits the memory budget. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "gpu/split.h"
#include "gpu/transfer.h"
#include "kernels/split.h"

#define ALIGN 256
#define MIN_TILE 256
/* Columns of C a tile of host arrays takes at most: small enough that the
 * pipeline has several tiles to overlap, large enough that each keeps the
 * INT8 tensor cores busy. */
#define SPLIT_BLOCK 1024
/* The int32 sums of several moduli's products are kept at once, up to this
 * size, so that a tile's INT8 GEMMs and their reductions go in a few
 * batched launches: a product of order 1024 is 16 GEMMs of 8 us each,
 * too small to fill the GPU one by one. */
#define SPLIT_SUM_BYTES ((size_t)32 << 20)

static size_t up(size_t bytes)
{
	return (bytes + ALIGN - 1) / ALIGN * ALIGN;
}

static int pad16(int x)
{
	return (x + 15) / 16 * 16;
}

/* The scan's results, which the host reads, and the budget's, which it
 * writes: each one block, laid out alike in the arena and in the context's
 * pinned host memory, so that each crosses in one copy.  Offsets in bytes,
 * for tiles of at most mb x nb. */
struct meta_layout {
	size_t high_a, low_a, high_b, low_b, flags, scan_bytes;
	size_t shift_a, shift_b, capped_a, capped_b, basis, powers, budget_bytes;
};

static struct meta_layout meta_layout(int mb, int nb)
{
	struct meta_layout l;
	size_t at = 0;
#define PLACE(field, bytes) (l.field = at, at += (bytes))
	PLACE(high_a, sizeof(int) * mb);
	PLACE(low_a, sizeof(int) * mb);
	PLACE(high_b, sizeof(int) * nb);
	PLACE(low_b, sizeof(int) * nb);
	PLACE(flags, 2 * sizeof(unsigned));
	l.scan_bytes = up(at);
	at = 0;
	PLACE(shift_a, sizeof(int) * mb);
	PLACE(shift_b, sizeof(int) * nb);
	PLACE(capped_a, (size_t)mb);
	PLACE(capped_b, (size_t)nb);
	at = (at + 15) / 16 * 16;
	PLACE(basis, sizeof(struct tf_crt_basis));
	at = (at + 15) / 16 * 16;
	PLACE(powers, (size_t)TF_CRT_MAX_MODULI * TF_CRT_MAX_POWER);
#undef PLACE
	l.budget_bytes = up(at);
	return l;
}

/* A tile's arrays in the arena: copies of host operands, the scan's and the
 * budget's blocks (the spans, flags, shifts, the basis), residues, int32
 * sums, and the capped products' sums of magnitudes. */
struct workspace {
	void *a, *b[2], *c[2]; /* copies of host operands; B and C double-buffered */
	char *scan, *budget;   /* the blocks of meta_layout */
	int *high_a, *low_a, *high_b, *low_b, *shift_a, *shift_b;
	unsigned char *capped_a, *capped_b;
	unsigned *flags; /* [0] non-finite, [1] elements to redo */
	struct tf_crt_basis *basis;
	uint8_t *powers;
	int8_t *res_a, *res_b;
	int32_t *sum;
	size_t sum_bytes; /* room for the int32 sums of one modulus or more */
	uint8_t *res_c;
	double *mag_a, *mag_b, *sums_a, *sums_b, *both;
	int2 *redo;
};

/* Lays out the workspace of tiles of mb x nb over k from base (NULL: only
 * counts), for `moduli` moduli; returns the bytes. */
static size_t lay_out(const struct tf_product *p, int mb, int nb, int moduli, int copy_a, int copy_b,
		      int copy_c, char *base, struct workspace *w)
{
	const size_t es = tf_product_element_bytes(p->kind);
	const int mp = pad16(mb), np = pad16(nb), kp = pad16(p->k);
	size_t at = 0;
#define TAKE(field, bytes)                                                  \
	do {                                                                \
		if (base)                                                   \
			w->field = (void *)(base + at);                     \
		at += up(bytes);                                            \
	} while (0)
	if (copy_a)
		TAKE(a, es * mb * (size_t)p->k);
	for (int slot = 0; slot < 2; slot++) {
		if (copy_b)
			TAKE(b[slot], es * nb * (size_t)p->k);
		if (copy_c)
			TAKE(c[slot], es * mb * (size_t)nb);
	}
	const struct meta_layout l = meta_layout(mb, nb);
	TAKE(scan, l.scan_bytes);
	TAKE(budget, l.budget_bytes);
	if (base) {
		w->high_a = (int *)(w->scan + l.high_a);
		w->low_a = (int *)(w->scan + l.low_a);
		w->high_b = (int *)(w->scan + l.high_b);
		w->low_b = (int *)(w->scan + l.low_b);
		w->flags = (unsigned *)(w->scan + l.flags);
		w->shift_a = (int *)(w->budget + l.shift_a);
		w->shift_b = (int *)(w->budget + l.shift_b);
		w->capped_a = (unsigned char *)(w->budget + l.capped_a);
		w->capped_b = (unsigned char *)(w->budget + l.capped_b);
		w->basis = (struct tf_crt_basis *)(w->budget + l.basis);
		w->powers = (uint8_t *)(w->budget + l.powers);
	}
	TAKE(res_a, (size_t)moduli * mp * (size_t)kp);
	TAKE(res_b, (size_t)moduli * np * (size_t)kp);
	const size_t sum_one = sizeof(int32_t) * mp * (size_t)np;
	size_t sum_group = SPLIT_SUM_BYTES / sum_one;
	sum_group = sum_group < 1 ? 1 : sum_group > (size_t)moduli ? (size_t)moduli : sum_group;
	if (base)
		w->sum_bytes = sum_group * sum_one;
	TAKE(sum, sum_group * sum_one);
	TAKE(res_c, (size_t)moduli * mp * (size_t)np);
	/* capped products */
	TAKE(mag_a, sizeof(double) * mb * (size_t)p->k);
	TAKE(mag_b, sizeof(double) * nb * (size_t)p->k);
	TAKE(sums_a, sizeof(double) * mb);
	TAKE(sums_b, sizeof(double) * nb);
	TAKE(both, sizeof(double) * mb * (size_t)nb);
	TAKE(redo, sizeof(int2) * mb * (size_t)nb);
#undef TAKE
	return at;
}

struct run {
	struct tf_gpu_context *gpu;
	const struct tf_cublas *cublas;
	const struct tf_product *p;
	const struct tf_split_options *options;
	struct tf_split_report *report;
	struct workspace w;
	int mb, nb, copy_a, copy_b, copy_c;
	int writing; /* a reconstruction was launched on C in place */
	cudaStream_t stream, copy; /* compute; transfers of host operands */
	cudaEvent_t uploaded;
	enum tf_gpu_fault fault;
	/* host side of the scan and the budget: the blocks of meta_layout in
	 * the context's pinned memory */
	struct meta_layout layout;
	char *host_scan, *host_budget;
};

/* The widest span of `count` vectors (high < low: a vector of zeros). */
static int widest(const int *high, const int *low, int count)
{
	int bits = 0;
	for (int r = 0; r < count; r++)
		if (high[r] >= low[r] && high[r] - low[r] > bits)
			bits = high[r] - low[r];
	return bits;
}

static int place(const int *high, const int *low, int count, int keep, int *shift,
		 unsigned char *capped)
{
	int total = 0;
	for (int r = 0; r < count; r++) {
		int zero = high[r] < low[r];
		shift[r] = zero ? 0 : tf_crt_shift(high[r], low[r], keep);
		capped[r] = !zero && high[r] - low[r] > keep;
		total += capped[r];
	}
	return total;
}

/* The int8 products of `group` moduli at once (sum: group of them, one
 * after the other, stride_c apart): one GEMM, or a strided batch. */
static cudaError_t gemm_int8(struct run *r, const int8_t *a, size_t stride_a, const int8_t *b,
			     size_t stride_b, int m, int n, int k, int kp, int32_t *sum, size_t stride_c,
			     int group)
{
	const int32_t one = 1, zero = 0;
	cublasStatus_t status = r->cublas->set_stream(r->cublas->handle, r->stream);
	if (status == CUBLAS_STATUS_SUCCESS && group == 1)
		status = r->cublas->gemm_ex(r->cublas->handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, a,
					    CUDA_R_8I, kp, b, CUDA_R_8I, kp, &zero, sum, CUDA_R_32I, m,
					    CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
	else if (status == CUBLAS_STATUS_SUCCESS)
		status = r->cublas->gemm_strided_batched_ex(
			r->cublas->handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, a, CUDA_R_8I, kp,
			(long long)stride_a, b, CUDA_R_8I, kp, (long long)stride_b, &zero, sum, CUDA_R_32I, m,
			(long long)stride_c, group, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
	return tf_cublas_error(status);
}

/* S = |op(A)| |op(B)| and the sums of magnitudes, for a capped tile. */
static cudaError_t capped_sums(struct run *r, const struct tf_product *t,
			       const struct tf_split_operand *a, const struct tf_split_operand *b)
{
	const struct workspace *w = &r->w;
	cudaError_t status;
	if ((status = tf_kernel_split_magnitudes(a, w->mag_a, 1, w->sums_a, r->stream)) != cudaSuccess ||
	    (status = tf_kernel_split_magnitudes(b, w->mag_b, 0, w->sums_b, r->stream)) != cudaSuccess)
		return status;
	const double one = 1.0, zero = 0.0;
	cublasStatus_t done = r->cublas->set_stream(r->cublas->handle, r->stream);
	if (done == CUBLAS_STATUS_SUCCESS)
		done = r->cublas->dgemm(r->cublas->handle, CUBLAS_OP_N, CUBLAS_OP_N, t->m, t->n, t->k, &one,
					w->mag_a, t->m, w->mag_b, t->k, &zero, w->both, t->m);
	return tf_cublas_error(done);
}

/* One tile: t's arrays on the device.  *declined when an operand holds Inf
 * or NaN (nothing written).  Returns with the tile's work queued on the
 * compute stream, not necessarily done. */
static cudaError_t tile(struct run *r, const struct tf_product *t, int *declined)
{
	const struct workspace *w = &r->w;
	const cudaStream_t s = r->stream;
	const int mp = pad16(t->m), np = pad16(t->n), kp = pad16(t->k);
	const struct tf_split_operand a = { t->kind, t->a, t->lda, t->transa == 'N', t->m, t->k };
	const struct tf_split_operand b = { t->kind, t->b, t->ldb, t->transb == 'T', t->n, t->k };
	unsigned flags[2] = { 0, 0 };
	cudaError_t status;
	*declined = 0;

	/* scan */
	r->fault = TF_FAULT_LAUNCH;
	if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) != cudaSuccess ||
	    (status = cudaMemsetAsync(w->flags, 0, 2 * sizeof(unsigned), s)) != cudaSuccess ||
	    (status = tf_kernel_split_scan(&a, w->high_a, w->low_a, w->flags, s)) != cudaSuccess ||
	    (status = tf_kernel_split_scan(&b, w->high_b, w->low_b, w->flags, s)) != cudaSuccess)
		return status;
	r->fault = TF_FAULT_TRANSFER;
	const struct meta_layout *l = &r->layout;
	if ((status = cudaMemcpyAsync(r->host_scan, w->scan, l->scan_bytes, cudaMemcpyDeviceToHost, s)) !=
		    cudaSuccess ||
	    (status = cudaStreamSynchronize(s)) != cudaSuccess)
		return status;
	const int *high_a = (const int *)(r->host_scan + l->high_a), *low_a = (const int *)(r->host_scan + l->low_a);
	const int *high_b = (const int *)(r->host_scan + l->high_b), *low_b = (const int *)(r->host_scan + l->low_b);
	flags[0] = ((const unsigned *)(r->host_scan + l->flags))[0];
	if (flags[0]) {
		*declined = 1;
		return cudaSuccess;
	}

	/* budget, shifts, the basis: written into the pinned block, which the
	 * last tile's copy has left (its stream was waited for) */
	struct tf_crt_budget budget = tf_crt_plan_budget(t->k, widest(high_a, low_a, t->m),
							 widest(high_b, low_b, t->n), r->options->max_moduli);
	struct tf_crt_basis basis;
	tf_crt_basis_init(&basis, budget.moduli);
	memcpy(r->host_budget + l->basis, &basis, sizeof basis);
	tf_crt_powers(&basis, (uint8_t(*)[TF_CRT_MAX_POWER])(r->host_budget + l->powers));
	int rows_capped = place(high_a, low_a, t->m, budget.keep_a, (int *)(r->host_budget + l->shift_a),
				(unsigned char *)(r->host_budget + l->capped_a));
	int columns_capped = place(high_b, low_b, t->n, budget.keep_b, (int *)(r->host_budget + l->shift_b),
				   (unsigned char *)(r->host_budget + l->capped_b));
	struct tf_split_report *report = r->report;
	if (budget.moduli > report->moduli)
		report->moduli = budget.moduli;
	report->capped |= budget.capped;
	report->rows_capped += rows_capped;
	report->columns_capped += columns_capped;
	if ((status = tf_gpu_inject(TF_FAULT_TRANSFER)) != cudaSuccess ||
	    (status = cudaMemcpyAsync(w->budget, r->host_budget, l->budget_bytes, cudaMemcpyHostToDevice, s)) !=
		    cudaSuccess)
		return status;

	/* residues, products */
	r->fault = TF_FAULT_LAUNCH;
	const size_t stride_a = (size_t)mp * kp, stride_b = (size_t)np * kp, stride_c = (size_t)mp * np;
	if ((status = tf_kernel_split_residues(&a, w->basis, w->powers, w->shift_a, mp, kp, w->res_a,
					       stride_a, s)) != cudaSuccess ||
	    (status = tf_kernel_split_residues(&b, w->basis, w->powers, w->shift_b, np, kp, w->res_b,
					       stride_b, s)) != cudaSuccess)
		return status;
	/* the moduli in groups whose int32 sums fit the arena's room at once */
	size_t room = w->sum_bytes / (sizeof(int32_t) * stride_c);
	const int group = room < 1 ? 1 : room > (size_t)basis.count ? basis.count : (int)room;
	for (int m = 0; m < basis.count; m += group) {
		const int g = basis.count - m < group ? basis.count - m : group;
		for (int l0 = 0; l0 < kp; l0 += TF_CRT_K_BLOCK) {
			const int kb = kp - l0 < TF_CRT_K_BLOCK ? kp - l0 : TF_CRT_K_BLOCK;
			if ((status = gemm_int8(r, w->res_a + m * stride_a + l0, stride_a,
						w->res_b + m * stride_b + l0, stride_b, mp, np, kb, kp,
						w->sum, stride_c, g)) != cudaSuccess ||
			    (status = tf_kernel_split_reduce(w->sum, stride_c, w->basis, m, g, l0 == 0,
							     w->res_c + m * stride_c, s)) != cudaSuccess)
				return status;
		}
	}

	/* rebuild */
	const int capped = rows_capped || columns_capped;
	struct tf_split_rebuild rebuild = {
		.residues = w->res_c, .stride = stride_c, .ld = mp,
		.row_shift = w->shift_a, .column_shift = w->shift_b,
	};
	if (capped) {
		if ((status = capped_sums(r, t, &a, &b)) != cudaSuccess)
			return status;
		rebuild.row_capped = w->capped_a;
		rebuild.column_capped = w->capped_b;
		rebuild.rows = w->sums_a;
		rebuild.columns = w->sums_b;
		rebuild.both = w->both;
		rebuild.redo = w->redo;
		rebuild.redo_count = w->flags + 1;
	}
	if (capped) {
		/* Where more than 1/32 of the elements would be computed again one
		 * by one, the tile goes to the DD kernel whole. */
		rebuild.count_only = 1;
		if ((status = cudaMemsetAsync(w->flags + 1, 0, sizeof(unsigned), s)) != cudaSuccess ||
		    (status = tf_kernel_split_reconstruct(t, &basis, &rebuild, s)) != cudaSuccess ||
		    (status = cudaMemcpyAsync(flags + 1, w->flags + 1, sizeof(unsigned), cudaMemcpyDeviceToHost,
					      s)) != cudaSuccess ||
		    (status = cudaStreamSynchronize(s)) != cudaSuccess)
			return status;
		if (flags[1] > (size_t)t->m * t->n / 32) {
			report->recomputed += (long long)t->m * t->n;
			*declined = 1;
			return cudaSuccess;
		}
		rebuild.count_only = 0;
		if ((status = cudaMemsetAsync(w->flags + 1, 0, sizeof(unsigned), s)) != cudaSuccess)
			return status;
	}
	r->writing = !r->copy_c;
	if ((status = tf_kernel_split_reconstruct(t, &basis, &rebuild, s)) != cudaSuccess)
		return status;
	if (capped) {
		if ((status = cudaMemcpyAsync(flags + 1, w->flags + 1, sizeof(unsigned), cudaMemcpyDeviceToHost,
					      s)) != cudaSuccess ||
		    (status = cudaStreamSynchronize(s)) != cudaSuccess ||
		    (status = tf_kernel_split_redo(t, w->redo, flags[1], s)) != cudaSuccess)
			return status;
		report->recomputed += flags[1];
	}
	return cudaSuccess;
}

/* A block of a host operand (rows x cols, leading dimension ld) into its
 * copy on the device (leading dimension rows), on the copy stream. */
static cudaError_t upload_block(struct run *r, const void *host, int ld, int rows, int cols, void *device)
{
	return tf_gpu_upload_elements(r->gpu, host, tf_product_element_bytes(r->p->kind), (size_t)ld, rows,
				      cols, device, (size_t)rows, r->copy);
}

/* The tile (i0, j0) as the engine computes it: its host operands' copies
 * (slot: which of the double buffers) in place of the host arrays. */
static struct tf_product tile_on_device(struct run *r, int i0, int mb, int j0, int nb, int slot)
{
	const struct tf_product *p = r->p;
	struct tf_product t = tf_product_tile(p, i0, mb, j0, nb);
	if (r->copy_a) {
		t.a = r->w.a;
		t.lda = p->transa == 'N' ? mb : p->k;
	}
	if (r->copy_b) {
		t.b = r->w.b[slot];
		t.ldb = p->transb == 'N' ? p->k : nb;
	}
	if (r->copy_c) {
		t.c = r->w.c[slot];
		t.ldc = mb;
	}
	return t;
}

/* Copies in what tile (i0, j0) reads from host arrays: op(A)'s rows (when
 * with_a), op(B)'s columns, C's tile when beta is not zero.  The compute
 * stream waits for them. */
static cudaError_t upload_tile(struct run *r, int i0, int mb, int j0, int nb, int slot, int with_a)
{
	const struct tf_product *p = r->p;
	const struct tf_product host = tf_product_tile(p, i0, mb, j0, nb);
	cudaError_t status = cudaSuccess;
	r->fault = TF_FAULT_TRANSFER;
	if (r->copy_a && with_a &&
	    (status = upload_block(r, host.a, p->lda, p->transa == 'N' ? mb : p->k,
				   p->transa == 'N' ? p->k : mb, r->w.a)) != cudaSuccess)
		return status;
	if (r->copy_b && (status = upload_block(r, host.b, p->ldb, p->transb == 'N' ? p->k : nb,
						p->transb == 'N' ? nb : p->k, r->w.b[slot])) != cudaSuccess)
		return status;
	if (r->copy_c && !tf_scalar_is_zero(p->kind == TF_PRODUCT_TS ? TF_FORMAT_TS : TF_FORMAT_DD, p->beta) &&
	    (status = upload_block(r, host.c, p->ldc, mb, nb, r->w.c[slot])) != cudaSuccess)
		return status;
	if ((status = cudaEventRecord(r->uploaded, r->copy)) != cudaSuccess)
		return status;
	return cudaStreamWaitEvent(r->stream, r->uploaded, 0);
}

/* Where tile `index` of C lies (tiles in rows of tiles), and its size. */
struct tile_place {
	int i0, j0, mb, nb;
};

static struct tile_place tile_at(const struct run *r, int index)
{
	const int across = (r->p->n + r->nb - 1) / r->nb;
	struct tile_place t = { index / across * r->mb, index % across * r->nb, 0, 0 };
	t.mb = r->p->m - t.i0 < r->mb ? r->p->m - t.i0 : r->mb;
	t.nb = r->p->n - t.j0 < r->nb ? r->p->n - t.j0 : r->nb;
	return t;
}

int tf_gpu_split_tiles(const struct tf_gpu_context *gpu, const struct tf_product *p,
		       const struct tf_split_options *options, int *mb, int *nb)
{
	struct workspace w;
	const int copy_a = !tf_gpu_is_device_memory(p->a), copy_b = !tf_gpu_is_device_memory(p->b);
	const int copy_c = !tf_gpu_is_device_memory(p->c);
	/* The largest tiles whose workspace, for the most moduli, fits.  Host
	 * arrays go in column blocks of at most SPLIT_BLOCK columns, so that
	 * the next block's transfers overlap this one's products. */
	int moduli = options->max_moduli < TF_CRT_MAX_MODULI ? options->max_moduli : TF_CRT_MAX_MODULI;
	*mb = p->m;
	*nb = copy_b || copy_c ? (p->n < SPLIT_BLOCK ? p->n : SPLIT_BLOCK) : p->n;
	while (lay_out(p, *mb, *nb, moduli, copy_a, copy_b, copy_c, NULL, &w) > gpu->memory_budget) {
		if (*mb >= *nb && *mb > MIN_TILE)
			*mb = (*mb + 1) / 2;
		else if (*nb > MIN_TILE)
			*nb = (*nb + 1) / 2;
		else
			return 0; /* k too long for any tile: the DD kernel's */
	}
	return 1;
}

size_t tf_gpu_split_arena_bytes(const struct tf_product *p, const struct tf_split_options *options,
				int mb, int nb, int a_on_device)
{
	struct workspace w;
	int moduli = options->max_moduli < TF_CRT_MAX_MODULI ? options->max_moduli : TF_CRT_MAX_MODULI;
	return lay_out(p, mb < p->m ? mb : p->m, nb < p->n ? nb : p->n, moduli,
		       !a_on_device && !tf_gpu_is_device_memory(p->a), !tf_gpu_is_device_memory(p->b),
		       !tf_gpu_is_device_memory(p->c), NULL, &w);
}

enum tf_split_status tf_gpu_split_product(struct tf_gpu_context *gpu, const struct tf_cublas *cublas,
					  const struct tf_product *p,
					  const struct tf_split_options *options,
					  struct tf_split_report *report,
					  void (*undone)(const struct tf_product *part, void *context),
					  void *context)
{
	int mb, nb;
	if (!tf_gpu_split_tiles(gpu, p, options, &mb, &nb)) {
		*report = (struct tf_split_report){ 0 };
		return TF_SPLIT_FAILED;
	}
	return tf_gpu_split_product_tiled(gpu, cublas, p, options, mb, nb, report, undone, context);
}

enum tf_split_status tf_gpu_split_product_tiled(struct tf_gpu_context *gpu,
						const struct tf_cublas *cublas,
						const struct tf_product *p,
						const struct tf_split_options *options, int mb,
						int nb, struct tf_split_report *report,
						void (*undone)(const struct tf_product *part,
							       void *context),
						void *context)
{
	struct run r = { .gpu = gpu, .cublas = cublas, .p = p, .options = options, .report = report,
			 .stream = gpu->streams[1], .copy = gpu->streams[0], .uploaded = gpu->events[8] };
	*report = (struct tf_split_report){ 0 };
	r.copy_a = !tf_gpu_is_device_memory(p->a);
	r.copy_b = !tf_gpu_is_device_memory(p->b);
	r.copy_c = !tf_gpu_is_device_memory(p->c);
	int moduli = options->max_moduli < TF_CRT_MAX_MODULI ? options->max_moduli : TF_CRT_MAX_MODULI;
	r.mb = mb < p->m ? mb : p->m;
	r.nb = nb < p->n ? nb : p->n;
	char *arena = tf_gpu_scratch(gpu, tf_gpu_split_arena_bytes(p, options, mb, nb, 0));
	r.layout = meta_layout(r.mb, r.nb);
	r.host_scan = tf_gpu_host_scratch(gpu, r.layout.scan_bytes + r.layout.budget_bytes);
	r.host_budget = r.host_scan ? r.host_scan + r.layout.scan_bytes : NULL;
	if (!arena || !r.host_scan) {
		tf_gpu_failed("the split engine", TF_FAULT_ALLOC, cudaErrorMemoryAllocation);
		return TF_SPLIT_FAILED;
	}
	lay_out(p, r.mb, r.nb, moduli, r.copy_a, r.copy_b, r.copy_c, arena, &r.w);

	/* The pipeline, tile by tile (rows of tiles outer): tile t computes
	 * while tile t+1's operands are copied in and tile t-1's C goes home. */
	const int count = ((p->m + r.mb - 1) / r.mb) * ((p->n + r.nb - 1) / r.nb);
	const size_t es = tf_product_element_bytes(p->kind);
	int done = 0, declined = 0;
	const struct tile_place first = tile_at(&r, 0);
	cudaError_t status = upload_tile(&r, 0, first.mb, 0, first.nb, 0, 1);
	if (status == cudaSuccess) {
		struct tf_product t = tile_on_device(&r, first.i0, first.mb, first.j0, first.nb, 0);
		status = tile(&r, &t, &declined);
	}
	for (int index = 0; status == cudaSuccess && index < count; index++) {
		const struct tile_place now = tile_at(&r, index);
		const int slot = index % 2, more = index + 1 < count;
		const struct tile_place next = more ? tile_at(&r, index + 1) : now;
		const int new_rows = more && next.i0 != now.i0;
		/* the next tile's operands (a new row block waits for this tile,
		 * whose op(A) it replaces) */
		if (more && !new_rows &&
		    (status = upload_tile(&r, next.i0, next.mb, next.j0, next.nb, 1 - slot, 0)) != cudaSuccess)
			break;
		r.fault = TF_FAULT_LAUNCH;
		if ((status = cudaStreamSynchronize(r.stream)) != cudaSuccess)
			break;
		const int this_declined = declined;
		if (more) {
			if (new_rows &&
			    (status = upload_tile(&r, next.i0, next.mb, next.j0, next.nb, 1 - slot, 1)) != cudaSuccess)
				break;
			struct tf_product t = tile_on_device(&r, next.i0, next.mb, next.j0, next.nb, 1 - slot);
			if ((status = tile(&r, &t, &declined)) != cudaSuccess)
				break;
		}
		if (this_declined) {
			struct tf_product part = tf_product_tile(p, now.i0, now.mb, now.j0, now.nb);
			undone(&part, context);
		} else if (r.copy_c) {
			/* final values: a failure part way cannot be undone */
			char *home = (char *)p->c + es * ((size_t)now.i0 + (size_t)now.j0 * p->ldc);
			cudaError_t copied = tf_gpu_download_streamed(gpu, r.w.c[slot], es, now.mb, now.nb, home,
								      (size_t)p->ldc, r.copy);
			if (copied != cudaSuccess)
				tf_fatal("the split engine could not bring C home (%s): part of it is written",
					 cudaGetErrorString(copied));
		}
		done = index + 1;
	}
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(r.stream);
	if (status == cudaSuccess)
		return TF_SPLIT_DONE;
	cudaStreamSynchronize(r.stream);
	cudaStreamSynchronize(r.copy);
	cudaGetLastError();
	if (r.writing)
		tf_fatal("the split engine failed while it wrote C in device memory (%s)",
			 cudaGetErrorString(status));
	tf_gpu_failed("the split engine", r.fault, status);
	if (!done)
		return TF_SPLIT_FAILED;
	/* C is host memory and its first tiles are final: the rest elsewhere */
	for (int index = done; index < count; index++) {
		const struct tile_place left = tile_at(&r, index);
		struct tf_product part = tf_product_tile(p, left.i0, left.mb, left.j0, left.nb);
		undone(&part, context);
	}
	return TF_SPLIT_DONE;
}
