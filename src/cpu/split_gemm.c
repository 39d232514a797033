/* The split product engine on the CPU (cpu/split.h): scaling, residues,
 * int32 products, exact reconstruction and one rounding, in the order the
 * GPU engine takes them, through the same arithmetic (twofold/crt.h). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "cpu/split.h"
#include "twofold/crt.h"

/* Word w of element (i, l) of op(A), or (l, j) of op(B), as a double
 * (exact: TS words are floats). */
static double word(enum tf_product_kind kind, const void *array, size_t index, int w)
{
	switch (kind) {
	case TF_PRODUCT_DD: return ((const double *)array)[2 * index + (size_t)w];
	case TF_PRODUCT_TS: return (double)((const float *)array)[3 * index + (size_t)w];
	default: return ((const double *)array)[index];
	}
}

static size_t index_a(const struct tf_product *p, int i, int l)
{
	return p->transa == 'N' ? (size_t)i + (size_t)l * (size_t)p->lda
				: (size_t)l + (size_t)i * (size_t)p->lda;
}

static size_t index_b(const struct tf_product *p, int l, int j)
{
	return p->transb == 'N' ? (size_t)l + (size_t)j * (size_t)p->ldb
				: (size_t)j + (size_t)l * (size_t)p->ldb;
}

/* The exponent span of one row of op(A) (one column of op(B)): its words'
 * highest exponent and lowest set bit; high < low for a row of zeros. */
struct span {
	int high, low;
};

static void widen(struct span *s, double v)
{
	if (v == 0.0)
		return;
	int high, low;
	tf_crt_exponents(v, &high, &low);
	if (s->high < s->low) {
		s->high = high;
		s->low = low;
		return;
	}
	if (high > s->high)
		s->high = high;
	if (low < s->low)
		s->low = low;
}

static void *allocate(size_t bytes)
{
	void *p = calloc(bytes ? bytes : 1, 1);
	if (!p)
		tf_fatal("out of memory in the CPU split engine (%zu bytes)", bytes);
	return p;
}

/* What the engine holds of one product while it runs. */
struct split {
	const struct tf_product *p;
	int words;
	struct span *rows, *columns;
	int *row_shift, *column_shift;
	unsigned char *row_capped, *column_capped;
	struct tf_crt_basis basis;
	uint8_t powers[TF_CRT_MAX_MODULI][TF_CRT_MAX_POWER];
};

/* Whether every word of op(A) and op(B) is finite; the spans on the way. */
static int scan(struct split *s)
{
	const struct tf_product *p = s->p;
	for (int i = 0; i < p->m; i++)
		s->rows[i] = (struct span){ -1, 0 };
	for (int j = 0; j < p->n; j++)
		s->columns[j] = (struct span){ -1, 0 };
	for (int l = 0; l < p->k; l++)
		for (int w = 0; w < s->words; w++) {
			for (int i = 0; i < p->m; i++) {
				double v = word(p->kind, p->a, index_a(p, i, l), w);
				if (!isfinite(v))
					return 0;
				widen(&s->rows[i], v);
			}
			for (int j = 0; j < p->n; j++) {
				double v = word(p->kind, p->b, index_b(p, l, j), w);
				if (!isfinite(v))
					return 0;
				widen(&s->columns[j], v);
			}
		}
	return 1;
}

static int widest(const struct span *spans, int count)
{
	int bits = 0;
	for (int i = 0; i < count; i++)
		if (spans[i].high - spans[i].low > bits)
			bits = spans[i].high - spans[i].low;
	return bits;
}

/* Shifts of the rows (columns) under `keep` bits; returns how many are capped. */
static int place(const struct span *spans, int count, int keep, int *shift, unsigned char *capped)
{
	int total = 0;
	for (int i = 0; i < count; i++) {
		shift[i] = spans[i].high < spans[i].low ? 0 : tf_crt_shift(spans[i].high, spans[i].low, keep);
		capped[i] = spans[i].high - spans[i].low > keep;
		total += capped[i];
	}
	return total;
}

/* The int8 residue of element (i, l) of op(A) (or (l, j) of op(B)) modulo
 * modulus t: the sum of its words' residues. */
static int8_t residue(const struct split *s, const void *array, size_t index, int shift, int t)
{
	const int m = s->basis.modulus[t];
	int r = 0;
	for (int w = 0; w < s->words; w++) {
		r += tf_crt_residue(word(s->p->kind, array, index, w), shift, &s->basis, t, s->powers[t]);
		if (r >= m)
			r -= m;
	}
	return tf_crt_symmetric(r, m);
}

/* residues[(i + j m) T + t]: the product's residue modulo m_t, from int8
 * residues of op(A) and op(B) and int32 sums of at most k_block terms. */
static void products(const struct split *s, int k_block, uint8_t *residues)
{
	const struct tf_product *p = s->p;
	const int count = s->basis.count;
	int8_t *a = allocate((size_t)p->m * (size_t)p->k);
	int8_t *b = allocate((size_t)p->k * (size_t)p->n);
	for (int t = 0; t < count; t++) {
		const int m = s->basis.modulus[t];
		for (int l = 0; l < p->k; l++) {
			for (int i = 0; i < p->m; i++)
				a[(size_t)i * p->k + l] = residue(s, p->a, index_a(p, i, l), s->row_shift[i], t);
			for (int j = 0; j < p->n; j++)
				b[(size_t)j * p->k + l] = residue(s, p->b, index_b(p, l, j), s->column_shift[j], t);
		}
		for (int j = 0; j < p->n; j++)
			for (int i = 0; i < p->m; i++) {
				const int8_t *ai = a + (size_t)i * p->k, *bj = b + (size_t)j * p->k;
				int r = 0;
				for (int l0 = 0; l0 < p->k; l0 += k_block) {
					int l1 = p->k - l0 < k_block ? p->k : l0 + k_block;
					int32_t sum = 0;
					for (int l = l0; l < l1; l++)
						sum += (int32_t)ai[l] * (int32_t)bj[l];
					r = (r + (int)(sum % m) + m) % m;
				}
				residues[((size_t)i + (size_t)j * p->m) * count + t] = (uint8_t)r;
			}
	}
	free(a);
	free(b);
}

/* ---- Capped products: which elements keep the DD kernel's bound. */

/* sum over l of |element|, each element's words' magnitudes added. */
static double magnitude(const struct split *s, const void *array, size_t index)
{
	double sum = 0.0;
	for (int w = 0; w < s->words; w++)
		sum += fabs(word(s->p->kind, array, index, w));
	return sum;
}

/* Whether element (i, j), whose row or column kept only its leading bits,
 * keeps the working arithmetic's bound (tf_crt_within_bound). */
static int within_bound(const struct split *s, int i, int j)
{
	const struct tf_product *p = s->p;
	double rows = 0.0, columns = 0.0, both = 0.0;
	for (int l = 0; l < p->k; l++) {
		double a = magnitude(s, p->a, index_a(p, i, l)), b = magnitude(s, p->b, index_b(p, l, j));
		rows += a;
		columns += b;
		both += a * b;
	}
	double ea = s->row_capped[i] ? s->words * ldexp(1.0, s->row_shift[i] - 1) : 0.0;
	double eb = s->column_capped[j] ? s->words * ldexp(1.0, s->column_shift[j] - 1) : 0.0;
	return tf_crt_within_bound(p->kind == TF_PRODUCT_TS, p->k, ea, eb, rows, columns, both);
}

/* Element (i, j) again, in the kind's working arithmetic, finished as the
 * engine finishes. */
static void recompute(const struct split *s, int i, int j)
{
	const struct tf_product *p = s->p;
	const size_t at = (size_t)i + (size_t)j * (size_t)p->ldc;
	switch (p->kind) {
	case TF_PRODUCT_DOUBLE: {
		tf_dd acc = tf_dd_make(0.0, 0.0);
		for (int l = 0; l < p->k; l++)
			acc = tf_dd_fma(acc, word(p->kind, p->a, index_a(p, i, l), 0),
					word(p->kind, p->b, index_b(p, l, j), 0));
		double *c = (double *)p->c + at;
		const double *a = p->a, *b = p->b;
		*c = tf_crt_finish_dd_sum(acc, p->k, a + index_a(p, i, 0),
					  p->transa == 'N' ? (ptrdiff_t)p->lda : 1, b + index_b(p, 0, j),
					  p->transb == 'N' ? 1 : (ptrdiff_t)p->ldb, p->alpha.dd.hi,
					  p->beta.dd.hi, c);
		break;
	}
	case TF_PRODUCT_DD: {
		const tf_dd *a = p->a, *b = p->b;
		tf_dd acc = tf_dd_make(0.0, 0.0);
		for (int l = 0; l < p->k; l++)
			acc = tf_dd_add(acc, tf_dd_mul(a[index_a(p, i, l)], b[index_b(p, l, j)]));
		tf_dd *c = (tf_dd *)p->c + at;
		*c = tf_crt_finish_dd(acc, p->alpha.dd, p->beta.dd, c);
		break;
	}
	case TF_PRODUCT_TS: {
		const tf_ts *a = p->a, *b = p->b;
		tf_ts acc = tf_ts_make(0.0f, 0.0f, 0.0f);
		for (int l = 0; l < p->k; l++)
			acc = tf_ts_add(acc, tf_ts_mul(a[index_a(p, i, l)], b[index_b(p, l, j)]));
		tf_ts *c = (tf_ts *)p->c + at;
		*c = tf_crt_finish_ts(acc, p->alpha.ts, p->beta.ts, c);
		break;
	}
	}
}

/* Element (i, j) from its residues: the exact product, finished. */
static void reconstruct(const struct split *s, const uint8_t *residues, int i, int j,
			const struct tf_split_options *options)
{
	const struct tf_product *p = s->p;
	const size_t at = (size_t)i + (size_t)j * (size_t)p->ldc;
	int alpha_exponent = 0;
	double alpha = p->kind == TF_PRODUCT_DOUBLE
			       ? tf_crt_alpha_significand(p->alpha.dd.hi, &alpha_exponent) : 0.0;
	tf_dd x = tf_crt_value(&s->basis, residues,
			       s->row_shift[i] + s->column_shift[j] + alpha_exponent);
	switch (p->kind) {
	case TF_PRODUCT_DOUBLE: {
		double *c = (double *)p->c + at;
		double value = tf_crt_finish_double(x, alpha, p->beta.dd.hi, c);
		if (isfinite(value) || !options->by_reference)
			*c = value;
		else
			options->by_reference(p, i, j, options->context);
		break;
	}
	case TF_PRODUCT_DD: {
		tf_dd *c = (tf_dd *)p->c + at;
		*c = tf_crt_finish_dd(x, p->alpha.dd, p->beta.dd, c);
		break;
	}
	case TF_PRODUCT_TS: {
		tf_ts *c = (tf_ts *)p->c + at;
		*c = tf_crt_finish_ts(tf_ts_from_dd(x), p->alpha.ts, p->beta.ts, c);
		break;
	}
	}
}

void tf_cpu_split_product(const struct tf_product *p, const struct tf_split_options *options,
			  struct tf_split_report *report)
{
	*report = (struct tf_split_report){ 0 };
	struct split *s = allocate(sizeof *s);
	s->p = p;
	s->words = tf_product_words(p->kind);
	s->rows = allocate((size_t)p->m * sizeof *s->rows);
	s->columns = allocate((size_t)p->n * sizeof *s->columns);
	s->row_shift = allocate((size_t)p->m * sizeof *s->row_shift);
	s->column_shift = allocate((size_t)p->n * sizeof *s->column_shift);
	s->row_capped = allocate((size_t)p->m);
	s->column_capped = allocate((size_t)p->n);
	if (scan(s)) {
		struct tf_crt_budget budget = tf_crt_plan_budget(
			p->k, widest(s->rows, p->m), widest(s->columns, p->n), options->max_moduli);
		tf_crt_basis_init(&s->basis, budget.moduli);
		tf_crt_powers(&s->basis, s->powers);
		report->moduli = budget.moduli;
		report->capped = budget.capped;
		report->rows_capped = place(s->rows, p->m, budget.keep_a, s->row_shift, s->row_capped);
		report->columns_capped =
			place(s->columns, p->n, budget.keep_b, s->column_shift, s->column_capped);
		const int k_block = options->k_block < 1 || options->k_block > TF_CRT_K_BLOCK
					    ? TF_CRT_K_BLOCK
					    : options->k_block;
		uint8_t *residues = allocate((size_t)p->m * (size_t)p->n * (size_t)budget.moduli);
		products(s, k_block, residues);
		for (int j = 0; j < p->n; j++)
			for (int i = 0; i < p->m; i++) {
				if ((s->row_capped[i] || s->column_capped[j]) && !within_bound(s, i, j)) {
					recompute(s, i, j);
					report->recomputed++;
					continue;
				}
				reconstruct(s, residues + ((size_t)i + (size_t)j * p->m) * budget.moduli, i,
					    j, options);
			}
		free(residues);
	}
	free(s->rows);
	free(s->columns);
	free(s->row_shift);
	free(s->column_shift);
	free(s->row_capped);
	free(s->column_capped);
	free(s);
}
