#include "config.h"

/* Level 1 beyond 32 bits in 32-bit calls (abi/ilp64.h): the chunks, where
 * each chunk's vectors start, and how the chunks' results combine.  Apart
 * from the rest of abi/ilp64.c so that test/ilp64/chunks.c can build it with
 * a small TF_ILP64_CHUNK. */
#include <math.h>
#include "abi/ilp64.h"
#include "twofold/arith_dd.h"

struct tf_ilp64_span tf_ilp64_first(int64_t n, int increments_fit)
{
	struct tf_ilp64_span span = { .n = n, .step = increments_fit ? TF_ILP64_CHUNK : 1 };
	span.count = n <= 0 ? 0 : (int)(n < span.step ? n : span.step);
	return span;
}

void tf_ilp64_next(struct tf_ilp64_span *span)
{
	span->done += span->count;
	int64_t left = span->n - span->done;
	span->count = (int)(left < span->step ? left : span->step);
}

int tf_ilp64_increment(const struct tf_ilp64_span *span, int64_t inc)
{
	/* one element: any increment of its sign (i?amax and asum answer 0
	 * for incx <= 0) */
	if (span->count == 1)
		return inc > 0 ? 1 : inc < 0 ? -1 : 0;
	return (int)inc;
}

void *tf_ilp64_at(const void *x, int size, int64_t n, int64_t inc,
		  const struct tf_ilp64_span *span)
{
	/* The chunk's call starts where its own first element is: for inc < 0
	 * that is its last in memory order, (n - done - count) steps in. */
	int64_t steps = inc >= 0 ? span->done * inc : (n - span->done - span->count) * -inc;
	return (char *)x + steps * size;
}

void tf_ilp64_sum_add(struct tf_ilp64_sum *sum, double re, double im)
{
	tf_dd s = tf_dd_add(tf_dd_make(sum->re_hi, sum->re_lo), tf_dd_make(re, 0.0));
	tf_dd t = tf_dd_add(tf_dd_make(sum->im_hi, sum->im_lo), tf_dd_make(im, 0.0));
	sum->re_hi = s.hi, sum->re_lo = s.lo;
	sum->im_hi = t.hi, sum->im_lo = t.lo;
}

double tf_ilp64_sum_re(const struct tf_ilp64_sum *sum)
{
	return sum->re_hi + sum->re_lo;
}

double tf_ilp64_sum_im(const struct tf_ilp64_sum *sum)
{
	return sum->im_hi + sum->im_lo;
}

/* sqrt(sum of norm^2) as scale * sqrt(squares), scale the largest norm, so
 * that no square overflows or underflows (LAPACK's DLASSQ). */
void tf_ilp64_norm_add(struct tf_ilp64_sum *sum, double norm)
{
	if (norm == 0.0)
		return;
	if (isnan(norm) || isnan(sum->scale)) {
		sum->scale = NAN;
	} else if (isinf(norm) || isinf(sum->scale)) {
		sum->scale = INFINITY, sum->squares = 1.0;
	} else if (norm > sum->scale) {
		double r = sum->scale / norm;
		sum->squares = 1.0 + sum->squares * r * r;
		sum->scale = norm;
	} else {
		double r = norm / sum->scale;
		sum->squares += r * r;
	}
}

double tf_ilp64_norm(const struct tf_ilp64_sum *sum)
{
	return sum->scale == 0.0 ? 0.0 : sum->scale * sqrt(sum->squares);
}

static double magnitude(const void *element, char kind)
{
	const float *s = element;
	const double *d = element;
	switch (kind) {
	case 's': return fabs((double)s[0]);
	case 'c': return fabs((double)s[0]) + fabs((double)s[1]);
	case 'z': return fabs(d[0]) + fabs(d[1]);
	default: return fabs(d[0]);
	}
}

void tf_ilp64_amax_add(struct tf_ilp64_amax *best, const struct tf_ilp64_span *span, int64_t part,
		       const void *chunk, char kind, int inc)
{
	int64_t at = best->one_based ? part - 1 : part; /* in the chunk, from 0 */
	if (inc <= 0 || at < 0) {
		/* no element (Fortran: the reference answers 0 for incx <= 0) */
		if (!best->seen)
			best->index = part, best->seen = 1;
		return;
	}
	int size = kind == 's' ? 4 : kind == 'z' ? 16 : 8;
	double value = magnitude((const char *)chunk + at * inc * size, kind);
	if (best->seen && isnan(value)) {
		/* The chunk begins with a NaN, which its call answered (a NaN
		 * first element is the reference's answer); in the whole vector
		 * that NaN is passed over and the scan goes on. */
		for (int64_t i = 1; i < span->count; i++) {
			double v = magnitude((const char *)chunk + i * inc * size, kind);
			if (v > best->largest) {
				best->largest = v;
				best->index = span->done + i + best->one_based;
			}
		}
		return;
	}
	if (!best->seen || value > best->largest) {
		best->largest = value;
		best->index = span->done + part;
		best->seen = 1;
	}
}
