#include "config.h"

/* Random operands of the shapes the formats share (enum draw): sums and
 * products of words or values, and the accumulation acc + a b, with the
 * exponents of the operation's table entry.  Words are doubles or floats
 * as the operation takes them; values come from test_format.random_value. */

#include <math.h>
#include <stdlib.h>

#include "format.h"

double random_word(enum word kind, int e)
{
	if (kind == WORD_FLOAT)
		return random_float(&rng, e, e);
	return random_double(&rng, e, e);
}

/* Of exponent e: a value of the format, or a word of layout l. */
static struct num drawn(const struct layout *l, int value, int e)
{
	return value ? test_format.random_value(e) : num1(random_word(l->word[0], e));
}

/* b's lead word k ulps away from -a, in magnitude; its tail dropped where
 * it would no longer be below half an ulp of the lead word. */
static void cancel(struct num *b, double a, enum word kind, int k)
{
	if (kind == WORD_FLOAT) {
		float hi = nudge_f(-(float)a, k), lo = (float)b->w[1];
		*b = num2(hi, hi + lo != hi ? 0.0f : lo);
	} else {
		double hi = nudge_d(-a, k), lo = b->w[1];
		*b = num2(hi, hi + lo != hi ? 0.0 : lo);
	}
}

/* acc = -(a b) rounded, with its rounding error one time in two (dropped
 * where acc would not be normalized). */
static struct num cancelling_addend(enum word kind, double a, double b)
{
	if (kind == WORD_FLOAT) {
		float p = (float)a * (float)b;
		float e = rng_below(&rng, 2) ? -fmaf((float)a, (float)b, -p) : 0;
		return num2(-p, -p + e != -p ? 0.0f : e);
	} else {
		double p = a * b;
		double e = rng_below(&rng, 2) ? -fma(a, b, -p) : 0;
		return num2(-p, -p + e != -p ? 0.0 : e);
	}
}

int larger_first(const struct num *x)
{
	return fabs(x[0].w[0]) >= fabs(x[1].w[0]) || x[0].w[0] == 0;
}

void draw_operands(const struct operation *o, struct num *x)
{
	const struct exponents *ex = &o->exponents;
	const struct layout *la = operand_layout(o, 0), *lb = operand_layout(o, 1);
	int e, f, g, h;
	switch (o->draw) {
	case DRAW_SUM:
	case DRAW_ORDERED_SUM:
		/* a and b drawn alike: where a is a value, b is one too, of
		 * which the operation may take the lead word only. */
		sum_exponents(&rng, &e, &f, ex->lo, ex->hi, ex->spread);
		x[0] = drawn(la, la->words > 1, e);
		x[1] = drawn(la, la->words > 1, f);
		if (rng_below(&rng, 8) == 0)
			cancel(&x[1], x[0].w[0], la->word[0], rng_range(&rng, -4, 4));
		if (o->draw == DRAW_ORDERED_SUM && fabs(x[0].w[0]) < fabs(x[1].w[0])) {
			struct num t = x[0];
			x[0] = x[1];
			x[1] = t;
		}
		break;
	case DRAW_PRODUCT:
		product_exponents(&rng, &e, &f, ex->lo, ex->hi, ex->fmin, ex->fmax);
		x[0] = drawn(la, la->words > 1, e);
		x[1] = drawn(lb, lb->words > 1, f);
		break;
	case DRAW_FMA:
		/* The product's exponent against acc's as in a sum. */
		sum_exponents(&rng, &e, &f, ex->lo, ex->hi, ex->spread);
		x[0] = test_format.random_value(e);
		product_exponents(&rng, &g, &h, f, f, ex->fmin, ex->fmax);
		x[1] = num1(random_word(lb->word[0], g));
		x[2] = num1(random_word(lb->word[0], h));
		if (rng_below(&rng, 8) == 0)
			x[0] = cancelling_addend(lb->word[0], x[1].w[0], x[2].w[0]);
		break;
	default:
		abort();
	}
}
