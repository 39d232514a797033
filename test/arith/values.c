#include "config.h"

/* The values of the formats as words (struct num), and the header
 * functions' signatures: how their operands and results are laid out, and
 * how one is called on words. */

#include <math.h>
#include <stdlib.h>

#include "format.h"

/* ---- layouts ---- */

/* Normalized: the lead word is the sum of the words rounded to its
 * precision. */
static int normalized_dd(const struct num *x)
{
	return x->w[0] + x->w[1] == x->w[0];
}

static int normalized_df(const struct num *x)
{
	float hi = (float)x->w[0], lo = (float)x->w[1];
	return hi + lo == hi;
}

static int normalized_di(const struct num *x)
{
	return x->w[0] + word_value(WORD_DI_LOW, x->w[1]) == x->w[0];
}

/* TS (twofold/arith_ts.h): |y| <= (1 + 2^-20) ulp(x)/2, |z| <= ulp(y)/2,
 * x = 0 => y = z = 0. */
static int normalized_ts(const struct num *t)
{
	float x = (float)t->w[0], y = (float)t->w[1], z = (float)t->w[2];
	if (x == 0)
		return y == 0 && z == 0;
	return fabs((double)y) <= (1 + 0x1p-20) * ulp_f(x) / 2 &&
	       (y == 0 ? z == 0 : fabs((double)z) <= ulp_f(y) / 2);
}

const struct layout layout_double = {1, {WORD_DOUBLE}, NULL};
const struct layout layout_float = {1, {WORD_FLOAT}, NULL};
const struct layout layout_di_low = {1, {WORD_DI_LOW}, NULL};
const struct layout layout_dd = {2, {WORD_DOUBLE, WORD_DOUBLE}, normalized_dd};
const struct layout layout_df = {2, {WORD_FLOAT, WORD_FLOAT}, normalized_df};
/* DS: its float lo against hi, as a DD's lo. */
const struct layout layout_ds = {2, {WORD_DOUBLE, WORD_FLOAT}, normalized_dd};
const struct layout layout_di = {2, {WORD_DOUBLE, WORD_DI_LOW}, normalized_di};
const struct layout layout_ts = {3, {WORD_FLOAT, WORD_FLOAT, WORD_FLOAT}, normalized_ts};

/* ---- values ---- */

double word_value(enum word kind, double w)
{
	/* The double whose encoding has upper half w, lower half 0. */
	if (kind == WORD_DI_LOW)
		return bits_to_double((uint64_t)(uint32_t)(int32_t)w << 32);
	return w;
}

int finite_num(const struct layout *l, const struct num *x)
{
	int i;
	for (i = 0; i < l->words; i++)
		if (!isfinite(word_value(l->word[i], x->w[i])))
			return 0;
	return 1;
}

double ieee_sum(const struct layout *l, const struct num *x)
{
	double sum = word_value(l->word[l->words - 1], x->w[l->words - 1]);
	int i;
	for (i = l->words - 2; i >= 0; i--)
		sum = word_value(l->word[i], x->w[i]) + sum;
	return sum;
}

static int text_word(char *b, size_t size, enum word kind, double w)
{
	if (kind == WORD_DI_LOW)
		return snprintf(b, size, "0x%08x = %a", (unsigned)(int32_t)w, word_value(kind, w));
	return snprintf(b, size, "%a", w);
}

const char *text_num(const struct layout *l, const struct num *x)
{
	static char buffers[8][128];
	static int next;
	char *b = buffers[next++ & 7];
	size_t n = 0, size = sizeof buffers[0];
	int i;
	if (l->words == 1) {
		text_word(b, size, l->word[0], x->w[0]);
		return b;
	}
	for (i = 0; i < l->words && n < size; i++) {
		n += (size_t)snprintf(b + n, size - n, i == 0 ? "(" : ", ");
		if (n < size)
			n += (size_t)text_word(b + n, size - n, l->word[i], x->w[i]);
	}
	if (n < size)
		snprintf(b + n, size - n, ")");
	return b;
}

void span_num(struct span *s, const struct layout *l, const struct num *x)
{
	int i;
	for (i = 0; i < l->words; i++)
		span_d(s, word_value(l->word[i], x->w[i]));
}

void span_products(struct span *s, const struct layout *la, const struct num *a,
		   const struct layout *lb, const struct num *b)
{
	int i, j;
	for (i = 0; i < la->words; i++)
		for (j = 0; j < lb->words; j++)
			span_prod(s, word_value(la->word[i], a->w[i]),
				  word_value(lb->word[j], b->w[j]));
}

void mp_set_num(mpfr_ptr r, const struct layout *l, const struct num *x)
{
	int i;
	EXACT(mpfr_set_d(r, word_value(l->word[0], x->w[0]), MPFR_RNDN));
	for (i = 1; i < l->words; i++)
		EXACT(mpfr_add_d(r, r, word_value(l->word[i], x->w[i]), MPFR_RNDN));
}

/* ---- signatures ---- */

static const struct signature_layouts {
	int arity;
	const struct layout *operand[3];
	const struct layout *result;
} signatures[] = {
	[CALL_dd_of_d_d] = {2, {&layout_double, &layout_double}, &layout_dd},
	[CALL_dd_of_d] = {1, {&layout_double}, &layout_dd},
	[CALL_dd_of_dd_dd] = {2, {&layout_dd, &layout_dd}, &layout_dd},
	[CALL_dd_of_dd_d] = {2, {&layout_dd, &layout_double}, &layout_dd},
	[CALL_dd_of_dd_d_d] = {3, {&layout_dd, &layout_double, &layout_double}, &layout_dd},
	[CALL_dd_of_dd] = {1, {&layout_dd}, &layout_dd},
	[CALL_d_of_dd] = {1, {&layout_dd}, &layout_double},
	[CALL_df_of_f_f] = {2, {&layout_float, &layout_float}, &layout_df},
	[CALL_df_of_df_df] = {2, {&layout_df, &layout_df}, &layout_df},
	[CALL_df_of_df_f] = {2, {&layout_df, &layout_float}, &layout_df},
	[CALL_df_of_df_f_f] = {3, {&layout_df, &layout_float, &layout_float}, &layout_df},
	[CALL_df_of_d] = {1, {&layout_double}, &layout_df},
	[CALL_d_of_df] = {1, {&layout_df}, &layout_double},
	[CALL_ds_of_d_f] = {2, {&layout_double, &layout_float}, &layout_ds},
	[CALL_ds_of_dd] = {1, {&layout_dd}, &layout_ds},
	[CALL_dd_of_ds] = {1, {&layout_ds}, &layout_dd},
	[CALL_di_of_d_i] = {2, {&layout_double, &layout_di_low}, &layout_di},
	[CALL_i_of_d] = {1, {&layout_double}, &layout_di_low},
	[CALL_d_of_i] = {1, {&layout_di_low}, &layout_double},
	[CALL_di_of_dd] = {1, {&layout_dd}, &layout_di},
	[CALL_dd_of_di] = {1, {&layout_di}, &layout_dd},
	[CALL_ts_of_f_f_f] = {3, {&layout_float, &layout_float, &layout_float}, &layout_ts},
	[CALL_ts_of_ts_ts] = {2, {&layout_ts, &layout_ts}, &layout_ts},
	[CALL_ts_of_d] = {1, {&layout_double}, &layout_ts},
	[CALL_d_of_ts] = {1, {&layout_ts}, &layout_double},
	[CALL_ts_of_dd] = {1, {&layout_dd}, &layout_ts},
	[CALL_dd_of_ts] = {1, {&layout_ts}, &layout_dd},
};

int arity(const struct operation *o)
{
	return signatures[o->signature].arity;
}

const struct layout *operand_layout(const struct operation *o, int i)
{
	return signatures[o->signature].operand[i];
}

const struct layout *result_layout(const struct operation *o)
{
	return signatures[o->signature].result;
}

const char *operands_text(const struct operation *o, const struct num *x)
{
	static const char *const plain[] = {"a", "b", "c"}, *const fma[] = {"acc", "a", "b"};
	static char buffers[2][400];
	static int next;
	char *b = buffers[next++ & 1];
	const char *const *names = o->reference == REF_FMA ? fma : plain;
	size_t n = 0;
	int i;
	if (arity(o) == 1)
		return text_num(operand_layout(o, 0), &x[0]);
	for (i = 0; i < arity(o) && n < sizeof buffers[0]; i++)
		n += (size_t)snprintf(b + n, sizeof buffers[0] - n, "%s%s = %s", i ? ", " : "",
				      names[i], text_num(operand_layout(o, i), &x[i]));
	return b;
}

/* The words of results. */
static struct num dd_num(tf_dd r)
{
	return num2(r.hi, r.lo);
}

static struct num df_num(tf_df r)
{
	return num2(r.hi, r.lo);
}

static struct num ts_num(tf_ts r)
{
	return num3(r.x, r.y, r.z);
}

/* Operands from words. */
static tf_df df_of(const struct num *x)
{
	tf_df r = {(float)x->w[0], (float)x->w[1]};
	return r;
}

static tf_ts ts_of(const struct num *x)
{
	tf_ts r = {(float)x->w[0], (float)x->w[1], (float)x->w[2]};
	return r;
}

struct num call_function(const struct operation *o, const struct num *x)
{
	const union function *f = &o->function;
	/* Operand i as a double, float, int32, DD, DF, TS. */
#define D(i) (x[i].w[0])
#define F(i) ((float)x[i].w[0])
#define I(i) ((int32_t)x[i].w[0])
#define DD(i) dd_of(&x[i])
#define DF(i) df_of(&x[i])
#define TS(i) ts_of(&x[i])
	switch (o->signature) {
	case CALL_dd_of_d_d:
		return dd_num(f->dd_of_d_d(D(0), D(1)));
	case CALL_dd_of_d:
		return dd_num(f->dd_of_d(D(0)));
	case CALL_dd_of_dd_dd:
		return dd_num(f->dd_of_dd_dd(DD(0), DD(1)));
	case CALL_dd_of_dd_d:
		return dd_num(f->dd_of_dd_d(DD(0), D(1)));
	case CALL_dd_of_dd_d_d:
		return dd_num(f->dd_of_dd_d_d(DD(0), D(1), D(2)));
	case CALL_dd_of_dd:
		return dd_num(f->dd_of_dd(DD(0)));
	case CALL_d_of_dd:
		return num1(f->d_of_dd(DD(0)));
	case CALL_df_of_f_f:
		return df_num(f->df_of_f_f(F(0), F(1)));
	case CALL_df_of_df_df:
		return df_num(f->df_of_df_df(DF(0), DF(1)));
	case CALL_df_of_df_f:
		return df_num(f->df_of_df_f(DF(0), F(1)));
	case CALL_df_of_df_f_f:
		return df_num(f->df_of_df_f_f(DF(0), F(1), F(2)));
	case CALL_df_of_d:
		return df_num(f->df_of_d(D(0)));
	case CALL_d_of_df:
		return num1(f->d_of_df(DF(0)));
	case CALL_ds_of_d_f: {
		tf_ds r = f->ds_of_d_f(D(0), F(1));
		return num2(r.hi, r.lo);
	}
	case CALL_ds_of_dd: {
		tf_ds r = f->ds_of_dd(DD(0));
		return num2(r.hi, r.lo);
	}
	case CALL_dd_of_ds: {
		tf_ds a = {D(0), (float)x[0].w[1]};
		return dd_num(f->dd_of_ds(a));
	}
	case CALL_di_of_d_i: {
		tf_di r = f->di_of_d_i(D(0), I(1));
		return num2(r.hi, r.lo);
	}
	case CALL_i_of_d:
		return num1(f->i_of_d(D(0)));
	case CALL_d_of_i:
		return num1(f->d_of_i(I(0)));
	case CALL_di_of_dd: {
		tf_di r = f->di_of_dd(DD(0));
		return num2(r.hi, r.lo);
	}
	case CALL_dd_of_di: {
		tf_di a = {D(0), (int32_t)x[0].w[1]};
		return dd_num(f->dd_of_di(a));
	}
	case CALL_ts_of_f_f_f:
		return ts_num(f->ts_of_f_f_f(F(0), F(1), F(2)));
	case CALL_ts_of_ts_ts:
		return ts_num(f->ts_of_ts_ts(TS(0), TS(1)));
	case CALL_ts_of_d:
		return ts_num(f->ts_of_d(D(0)));
	case CALL_d_of_ts:
		return num1(f->d_of_ts(TS(0)));
	case CALL_ts_of_dd:
		return ts_num(f->ts_of_dd(DD(0)));
	case CALL_dd_of_ts:
		return dd_num(f->dd_of_ts(TS(0)));
	}
#undef D
#undef F
#undef I
#undef DD
#undef DF
#undef TS
	abort();
}
