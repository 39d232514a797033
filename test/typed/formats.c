#include "config.h"

/* The formats as the tests see them: their elements read exactly into MPFR
 * and written from it, their scalars, and the calls of the typed API, one
 * switch per operation.  The words are decoded here from the layouts that
 * twofold.h and twofold/types.h document, not through the library. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

static const struct format_info infos[FMT_COUNT] = {
	[FMT_DD] = { "dd", 0, sizeof(tf_dd), 0, 0, 106 },
	[FMT_DS] = { "ds", 1, sizeof(double), sizeof(float), 0, 77 },
	[FMT_DSP] = { "dsp", 0, sizeof(tf_ds_packed), 0, 0, 77 },
	[FMT_DI] = { "di", 1, sizeof(double), sizeof(int32_t), 0, 74 },
	[FMT_DF] = { "df", 0, sizeof(tf_df), 0, 1, 48 },
	[FMT_TS] = { "ts", 0, sizeof(tf_ts), 0, 1, 72 },
};

const struct format_info *format_info(enum format fmt)
{
	return &infos[fmt];
}

enum format format_by_name(const char *name)
{
	for (int f = 0; f < FMT_COUNT; f++)
		if (strcmp(infos[f].name, name) == 0)
			return (enum format)f;
	return FMT_COUNT;
}

struct variant variant_of(int index)
{
	struct variant v = { index < FMT_COUNT ? (enum format)index : FMT_DS, index >= FMT_COUNT };
	return v;
}

int variant_index(struct variant v)
{
	return v.dsarith ? FMT_COUNT : (int)v.fmt;
}

const char *variant_name(struct variant v)
{
	return v.dsarith ? "ds-dsarith" : infos[v.fmt].name;
}

const char *routine_name(const char *kind, struct variant v)
{
	static char names[4][32];
	static int next;
	char *name = names[next++ % 4];
	snprintf(name, sizeof names[0], "tf_%s%s%s", infos[v.fmt].name, kind,
		 v.dsarith ? "_dsarith" : "");
	return name;
}

/* ---- arrays */

struct array array_new(enum format fmt, size_t n)
{
	struct array a = { fmt, n, NULL, NULL };
	a.hi = xmalloc((n ? n : 1) * infos[fmt].hi_bytes);
	if (infos[fmt].pair)
		a.lo = xmalloc((n ? n : 1) * infos[fmt].lo_bytes);
	for (size_t i = 0; i < n; i++)
		elem_set_d(&a, i, NAN);
	return a;
}

void array_free(struct array *a)
{
	free(a->hi);
	free(a->lo);
	a->hi = a->lo = NULL;
}

struct array array_copy(const struct array *a)
{
	struct array c = *a;
	size_t n = a->n ? a->n : 1;
	c.hi = xmalloc(n * infos[a->fmt].hi_bytes);
	memcpy(c.hi, a->hi, n * infos[a->fmt].hi_bytes);
	if (a->lo) {
		c.lo = xmalloc(n * infos[a->fmt].lo_bytes);
		memcpy(c.lo, a->lo, n * infos[a->fmt].lo_bytes);
	}
	return c;
}

int array_same(const struct array *a, const struct array *b, size_t i)
{
	const struct format_info *f = &infos[a->fmt];
	if (memcmp((const char *)a->hi + i * f->hi_bytes, (const char *)b->hi + i * f->hi_bytes,
		   f->hi_bytes) != 0)
		return 0;
	return !f->pair || memcmp((const char *)a->lo + i * f->lo_bytes,
				  (const char *)b->lo + i * f->lo_bytes, f->lo_bytes) == 0;
}

void elem_copy(struct array *dst, size_t di, const struct array *src, size_t si)
{
	const struct format_info *f = &infos[src->fmt];
	memcpy((char *)dst->hi + di * f->hi_bytes, (const char *)src->hi + si * f->hi_bytes,
	       f->hi_bytes);
	if (f->pair)
		memcpy((char *)dst->lo + di * f->lo_bytes, (const char *)src->lo + si * f->lo_bytes,
		       f->lo_bytes);
}

/* ---- words */

/* The remainder r of DI: the double whose encoding has lo as its upper 32
 * bits and zeros below. */
static double di_remainder(int32_t lo)
{
	uint64_t bits = (uint64_t)(uint32_t)lo << 32;
	double r;
	memcpy(&r, &bits, sizeof r);
	return r;
}

static int32_t di_word(double r)
{
	uint64_t bits;
	memcpy(&bits, &r, sizeof bits);
	uint32_t high = (uint32_t)(bits >> 32);
	int32_t lo;
	memcpy(&lo, &high, sizeof lo);
	return lo;
}

/* The words of element i, most significant first; returns their count. */
static int words(const struct array *a, size_t i, double w[3])
{
	switch (a->fmt) {
	case FMT_DD: {
		tf_dd v = ((const tf_dd *)a->hi)[i];
		w[0] = v.hi, w[1] = v.lo;
		return 2;
	}
	case FMT_DS:
		w[0] = ((const double *)a->hi)[i], w[1] = ((const float *)a->lo)[i];
		return 2;
	case FMT_DSP: {
		const unsigned char *e = (const unsigned char *)a->hi + i * sizeof(tf_ds_packed);
		float lo;
		memcpy(&w[0], e, sizeof(double));
		memcpy(&lo, e + sizeof(double), sizeof lo);
		w[1] = lo;
		return 2;
	}
	case FMT_DI:
		w[0] = ((const double *)a->hi)[i];
		w[1] = di_remainder(((const int32_t *)a->lo)[i]);
		return 2;
	case FMT_DF: {
		tf_df v = ((const tf_df *)a->hi)[i];
		w[0] = v.hi, w[1] = v.lo;
		return 2;
	}
	case FMT_TS: {
		tf_ts v = ((const tf_ts *)a->hi)[i];
		w[0] = v.x, w[1] = v.y, w[2] = v.z;
		return 3;
	}
	default:
		harness_error("no format %d", (int)a->fmt);
	}
}

static int words_to_mp(const double *w, int count, mpfr_ptr out)
{
	for (int j = 0; j < count; j++)
		if (!isfinite(w[j])) {
			mpfr_set_nan(out);
			return 0;
		}
	EXACT(mpfr_set_d(out, w[0], MPFR_RNDN));
	for (int j = 1; j < count; j++)
		EXACT(mpfr_add_d(out, out, w[j], MPFR_RNDN));
	return 1;
}

int elem_get(const struct array *a, size_t i, mpfr_ptr out)
{
	double w[3];
	return words_to_mp(w, words(a, i, w), out);
}

double elem_double(const struct array *a, size_t i)
{
	double w[3];
	int count = words(a, i, w);
	double s = w[count - 1];
	for (int j = count - 2; j >= 0; j--)
		s += w[j];
	return s;
}

/* Rounds x to words, each the nearest of its type to what the words before
 * it leave: doubles (DD, DS hi, DI hi) and floats; remainder r kept
 * exactly. */
static mpfr_t rem;

static double take_double(mpfr_ptr r)
{
	double w = mpfr_get_d(r, MPFR_RNDN);
	EXACT(mpfr_sub_d(r, r, w, MPFR_RNDN));
	return w;
}

static float take_float(mpfr_ptr r)
{
	float w = mpfr_get_flt(r, MPFR_RNDN);
	EXACT(mpfr_sub_d(r, r, w, MPFR_RNDN));
	return w;
}

static void rem_of(mpfr_srcptr x)
{
	static int ready;
	if (!ready) {
		mpfr_init2(rem, OUT_PREC + 64);
		ready = 1;
	}
	if (mpfr_get_prec(x) > OUT_PREC)
		harness_error("a value of %ld bits to round", (long)mpfr_get_prec(x));
	EXACT(mpfr_set(rem, x, MPFR_RNDN));
}

void elem_set(struct array *a, size_t i, mpfr_srcptr x)
{
	rem_of(x);
	switch (a->fmt) {
	case FMT_DD: {
		double hi = take_double(rem);
		((tf_dd *)a->hi)[i] = (tf_dd){ hi, take_double(rem) };
		break;
	}
	case FMT_DS:
		((double *)a->hi)[i] = take_double(rem);
		((float *)a->lo)[i] = take_float(rem);
		break;
	case FMT_DSP: {
		double hi = take_double(rem);
		float lo = take_float(rem);
		unsigned char *e = (unsigned char *)a->hi + i * sizeof(tf_ds_packed);
		memcpy(e, &hi, sizeof hi);
		memcpy(e + sizeof hi, &lo, sizeof lo);
		break;
	}
	case FMT_DI: {
		/* the remainder rounded to 21 significant bits, nearest even:
		 * its encoding's lower half is then zero */
		((double *)a->hi)[i] = take_double(rem);
		mpfr_prec_round(rem, 21, MPFR_RNDN);
		double r = mpfr_get_d(rem, MPFR_RNDN);
		mpfr_set_prec(rem, OUT_PREC + 64);
		((int32_t *)a->lo)[i] = di_word(r);
		if (di_remainder(di_word(r)) != r)
			harness_error("a DI remainder outside the normal range");
		break;
	}
	case FMT_DF: {
		float hi = take_float(rem);
		((tf_df *)a->hi)[i] = (tf_df){ hi, take_float(rem) };
		break;
	}
	case FMT_TS: {
		float x0 = take_float(rem);
		float y0 = take_float(rem);
		((tf_ts *)a->hi)[i] = (tf_ts){ x0, y0, take_float(rem) };
		break;
	}
	default:
		harness_error("no format %d", (int)a->fmt);
	}
}

void elem_set_d(struct array *a, size_t i, double v)
{
	double low = isnan(v) ? v : 0.0;
	switch (a->fmt) {
	case FMT_DD:
		((tf_dd *)a->hi)[i] = (tf_dd){ v, low };
		break;
	case FMT_DS:
		((double *)a->hi)[i] = v;
		((float *)a->lo)[i] = (float)low;
		break;
	case FMT_DSP: {
		float lo = (float)low;
		unsigned char *e = (unsigned char *)a->hi + i * sizeof(tf_ds_packed);
		memcpy(e, &v, sizeof v);
		memcpy(e + sizeof v, &lo, sizeof lo);
		break;
	}
	case FMT_DI:
		((double *)a->hi)[i] = v;
		((int32_t *)a->lo)[i] = isnan(v) ? di_word(v) : 0;
		break;
	case FMT_DF:
		((tf_df *)a->hi)[i] = (tf_df){ (float)v, (float)low };
		break;
	case FMT_TS:
		((tf_ts *)a->hi)[i] = (tf_ts){ (float)v, (float)low, (float)low };
		break;
	default:
		harness_error("no format %d", (int)a->fmt);
	}
}

/* ---- scalars */

static int scalar_words(enum format fmt, union scalar s, double w[3])
{
	switch (fmt) {
	case FMT_DF:
		w[0] = s.df.hi, w[1] = s.df.lo;
		return 2;
	case FMT_TS:
		w[0] = s.ts.x, w[1] = s.ts.y, w[2] = s.ts.z;
		return 3;
	default:
		w[0] = s.dd.hi, w[1] = s.dd.lo;
		return 2;
	}
}

union scalar scalar_set(enum format fmt, mpfr_srcptr x)
{
	union scalar s;
	memset(&s, 0, sizeof s);
	rem_of(x);
	switch (fmt) {
	case FMT_DF:
		s.df.hi = take_float(rem);
		s.df.lo = take_float(rem);
		break;
	case FMT_TS:
		s.ts.x = take_float(rem);
		s.ts.y = take_float(rem);
		s.ts.z = take_float(rem);
		break;
	default:
		s.dd.hi = take_double(rem);
		s.dd.lo = take_double(rem);
		break;
	}
	return s;
}

void scalar_get(enum format fmt, union scalar s, mpfr_ptr out)
{
	double w[3];
	words_to_mp(w, scalar_words(fmt, s, w), out);
}

double scalar_double(enum format fmt, union scalar s)
{
	double w[3];
	int count = scalar_words(fmt, s, w);
	double sum = w[count - 1];
	for (int j = count - 2; j >= 0; j--)
		sum += w[j];
	return sum;
}

int scalar_is_zero(enum format fmt, union scalar s)
{
	double w[3];
	int count = scalar_words(fmt, s, w);
	for (int j = 0; j < count; j++)
		if (w[j] != 0)
			return 0;
	return 1;
}

union scalar scalar_ratio(enum format fmt, long num, long den)
{
	mpfr_t q;
	mpfr_init2(q, IN_PREC);
	mpfr_set_si(q, num, MPFR_RNDN);
	mpfr_div_si(q, q, den, MPFR_RNDN);
	union scalar s = scalar_set(fmt, q);
	mpfr_clear(q);
	return s;
}

/* ---- calls */

const struct placement *placement;

/* The arrays of a call, placed (or the host arrays themselves). */
static void place(const struct array *a, struct array *p)
{
	*p = *a;
	if (!placement || !a)
		return;
	size_t n = a->n ? a->n : 1;
	p->hi = placement->place(a->hi, n * infos[a->fmt].hi_bytes);
	if (a->lo)
		p->lo = placement->place(a->lo, n * infos[a->fmt].lo_bytes);
}

static void unplace(struct array *a, struct array *p)
{
	if (!placement || !a)
		return;
	size_t n = a->n ? a->n : 1;
	placement->fetch(a->hi, p->hi, n * infos[a->fmt].hi_bytes);
	placement->release(p->hi);
	if (a->lo) {
		placement->fetch(a->lo, p->lo, n * infos[a->fmt].lo_bytes);
		placement->release(p->lo);
	}
}

int call_gemm(struct variant v, char ta, char tb, int m, int n, int k, union scalar alpha,
	      struct array *a, int lda, struct array *b, int ldb, union scalar beta,
	      struct array *c, int ldc)
{
	struct array pa, pb, pc;
	int status;
	place(a, &pa), place(b, &pb), place(c, &pc);
	switch (v.fmt) {
	case FMT_DD:
		status = tf_ddgemm(ta, tb, m, n, k, alpha.dd, pa.hi, lda, pb.hi, ldb, beta.dd, pc.hi,
				   ldc);
		break;
	case FMT_DS:
		status = (v.dsarith ? tf_dsgemm_dsarith : tf_dsgemm)(ta, tb, m, n, k, alpha.dd, pa.hi,
								     pa.lo, lda, pb.hi, pb.lo, ldb,
								     beta.dd, pc.hi, pc.lo, ldc);
		break;
	case FMT_DSP:
		status = tf_dspgemm(ta, tb, m, n, k, alpha.dd, pa.hi, lda, pb.hi, ldb, beta.dd, pc.hi,
				    ldc);
		break;
	case FMT_DI:
		status = tf_digemm(ta, tb, m, n, k, alpha.dd, pa.hi, pa.lo, lda, pb.hi, pb.lo, ldb,
				   beta.dd, pc.hi, pc.lo, ldc);
		break;
	case FMT_DF:
		status = tf_dfgemm(ta, tb, m, n, k, alpha.df, pa.hi, lda, pb.hi, ldb, beta.df, pc.hi,
				   ldc);
		break;
	case FMT_TS:
		status = tf_tsgemm(ta, tb, m, n, k, alpha.ts, pa.hi, lda, pb.hi, ldb, beta.ts, pc.hi,
				   ldc);
		break;
	default:
		harness_error("no format %d", (int)v.fmt);
	}
	unplace(a, &pa), unplace(b, &pb), unplace(c, &pc);
	return status;
}

int call_gemv(enum format fmt, char trans, int m, int n, union scalar alpha, struct array *a,
	      int lda, struct array *x, int incx, union scalar beta, struct array *y, int incy)
{
	struct array pa, px, py;
	int status;
	place(a, &pa), place(x, &px), place(y, &py);
	switch (fmt) {
	case FMT_DD:
		status = tf_ddgemv(trans, m, n, alpha.dd, pa.hi, lda, px.hi, incx, beta.dd, py.hi,
				   incy);
		break;
	case FMT_DS:
		status = tf_dsgemv(trans, m, n, alpha.dd, pa.hi, pa.lo, lda, px.hi, px.lo, incx,
				   beta.dd, py.hi, py.lo, incy);
		break;
	case FMT_DSP:
		status = tf_dspgemv(trans, m, n, alpha.dd, pa.hi, lda, px.hi, incx, beta.dd, py.hi,
				    incy);
		break;
	case FMT_DI:
		status = tf_digemv(trans, m, n, alpha.dd, pa.hi, pa.lo, lda, px.hi, px.lo, incx,
				   beta.dd, py.hi, py.lo, incy);
		break;
	case FMT_DF:
		status = tf_dfgemv(trans, m, n, alpha.df, pa.hi, lda, px.hi, incx, beta.df, py.hi,
				   incy);
		break;
	case FMT_TS:
		status = tf_tsgemv(trans, m, n, alpha.ts, pa.hi, lda, px.hi, incx, beta.ts, py.hi,
				   incy);
		break;
	default:
		harness_error("no format %d", (int)fmt);
	}
	unplace(a, &pa), unplace(x, &px), unplace(y, &py);
	return status;
}

int call_axpy(enum format fmt, int n, union scalar alpha, struct array *x, int incx,
	      struct array *y, int incy)
{
	struct array px, py;
	int status;
	place(x, &px), place(y, &py);
	switch (fmt) {
	case FMT_DD: status = tf_ddaxpy(n, alpha.dd, px.hi, incx, py.hi, incy); break;
	case FMT_DS:
		status = tf_dsaxpy(n, alpha.dd, px.hi, px.lo, incx, py.hi, py.lo, incy);
		break;
	case FMT_DSP: status = tf_dspaxpy(n, alpha.dd, px.hi, incx, py.hi, incy); break;
	case FMT_DI:
		status = tf_diaxpy(n, alpha.dd, px.hi, px.lo, incx, py.hi, py.lo, incy);
		break;
	case FMT_DF: status = tf_dfaxpy(n, alpha.df, px.hi, incx, py.hi, incy); break;
	case FMT_TS: status = tf_tsaxpy(n, alpha.ts, px.hi, incx, py.hi, incy); break;
	default: harness_error("no format %d", (int)fmt);
	}
	unplace(x, &px), unplace(y, &py);
	return status;
}

int call_dot(enum format fmt, int n, struct array *x, int incx, struct array *y, int incy,
	     union scalar *result)
{
	struct array px, py;
	int status;
	place(x, &px), place(y, &py);
	switch (fmt) {
	case FMT_DD:
		status = tf_dddot(n, px.hi, incx, py.hi, incy, result ? &result->dd : NULL);
		break;
	case FMT_DS:
		status = tf_dsdot(n, px.hi, px.lo, incx, py.hi, py.lo, incy,
				  result ? &result->dd : NULL);
		break;
	case FMT_DSP:
		status = tf_dspdot(n, px.hi, incx, py.hi, incy, result ? &result->dd : NULL);
		break;
	case FMT_DI:
		status = tf_didot(n, px.hi, px.lo, incx, py.hi, py.lo, incy,
				  result ? &result->dd : NULL);
		break;
	case FMT_DF:
		status = tf_dfdot(n, px.hi, incx, py.hi, incy, result ? &result->df : NULL);
		break;
	case FMT_TS:
		status = tf_tsdot(n, px.hi, incx, py.hi, incy, result ? &result->ts : NULL);
		break;
	default:
		harness_error("no format %d", (int)fmt);
	}
	unplace(x, &px), unplace(y, &py);
	return status;
}
