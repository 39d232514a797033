#include "config.h"

/* What a result must be, against MPFR: the checks shared by the formats'
 * operations (format.h says which is which). */

#include <math.h>

#include "format.h"

void check_stores(struct op *record, const struct operation *o, const struct num *x,
		  const struct num *r, int edge)
{
	const struct layout *l = result_layout(o);
	int i;
	(void)edge;
	for (i = 0; i < l->words; i++) {
		/* One operand: its words; several: their lead words. */
		const struct layout *lx = operand_layout(o, arity(o) == 1 ? 0 : i);
		double want = arity(o) == 1 ? word_value(lx->word[i], x[0].w[i])
					    : word_value(lx->word[0], x[i].w[0]);
		if (double_to_bits(word_value(l->word[i], r->w[i])) != double_to_bits(want)) {
			op_fail(record, "%s stored as %s", operands_text(o, x), text_num(l, r));
			return;
		}
	}
}

void check_eft(struct op *record, const struct operation *o, const struct num *x,
	       const struct num *r, int edge)
{
	const struct layout *l = result_layout(o);
	double a = x[0].w[0], b = x[1].w[0], rounded;
	struct span s;
	(void)edge;
	if (!isfinite(a) || !isfinite(b)) {
		if (isfinite(r->w[0]))
			op_fail(record, "non-finite operands %s gave a finite %s", operands_text(o, x),
				text_num(l, r));
		return;
	}
	span_init(&s);
	span_d(&s, a);
	span_d(&s, b);
	span_num(&s, l, r);
	if (o->reference == REF_MUL)
		span_prod(&s, a, b);
	span_prec(&s);
	EXACT(mpfr_set_d(mp[0], a, MPFR_RNDN));
	if (o->reference == REF_MUL)
		EXACT(mpfr_mul_d(mp[2], mp[0], b, MPFR_RNDN));
	else
		EXACT(mpfr_add_d(mp[2], mp[0], b, MPFR_RNDN));
	if (l->word[0] == WORD_FLOAT)
		rounded = mpfr_get_flt(mp[2], MPFR_RNDN);
	else
		rounded = mpfr_get_d(mp[2], MPFR_RNDN);
	if (!isfinite(r->w[0])) {
		if (isfinite(rounded))
			op_fail(record, "%s: spurious overflow, got %s (exact %s)", operands_text(o, x),
				text_num(l, r), hex_mp(mp[2]));
		return;
	}
	/* The lead word is fl(a op b), bit for bit; a zero sum may have
	 * either sign. */
	if (double_to_bits(rounded) != double_to_bits(r->w[0]) &&
	    !(rounded == 0 && r->w[0] == 0 && o->reference == REF_ADD))
		op_fail(record, "%s: lead word %a, expected fl() = %a", operands_text(o, x), r->w[0],
			rounded);
	/* TwoProd is exact only where the error term is representable. */
	if (o->reference == REF_MUL && !mpfr_zero_p(mp[2]) &&
	    fabs(mpfr_get_d(mp[2], MPFR_RNDZ)) < o->exact_from)
		return;
	mp_set_num(mp[3], l, r);
	if (!check_exact(record, mp[3], mp[2]))
		op_fail(record, "%s: expected %s, got %s, not exact", operands_text(o, x),
			hex_mp(mp[2]), text_num(l, r));
}

/* r = |a| + |b|, exactly (mp[6] and mp[7] are used). */
static void add_magnitudes(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b)
{
	mpfr_abs(mp[7], a, MPFR_RNDN);
	mpfr_abs(mp[6], b, MPFR_RNDN);
	EXACT(mpfr_add(r, mp[7], mp[6], MPFR_RNDN));
}

/* The exact result in mp[2], the result in mp[3] (if finite), the scale of
 * the bound in mp[4]; the operands in mp[0], mp[1], the product of an FMA
 * in mp[5]. */
static void form_exact(const struct operation *o, const struct num *x, const struct num *r)
{
	const struct layout *l = result_layout(o);
	struct span s;
	int i;
	span_init(&s);
	for (i = 0; i < arity(o); i++)
		span_num(&s, operand_layout(o, i), &x[i]);
	if (finite_num(l, r))
		span_num(&s, l, r);
	if (o->reference == REF_MUL)
		span_products(&s, operand_layout(o, 0), &x[0], operand_layout(o, 1), &x[1]);
	else if (o->reference == REF_FMA)
		span_products(&s, operand_layout(o, 1), &x[1], operand_layout(o, 2), &x[2]);
	span_prec(&s);
	mp_set_num(mp[0], operand_layout(o, 0), &x[0]);
	if (arity(o) > 1) /* tf_dd_sqrt has one operand */
		mp_set_num(mp[1], operand_layout(o, 1), &x[1]);
	if (finite_num(l, r))
		mp_set_num(mp[3], l, r);
	switch (o->reference) {
	case REF_ADD:
		EXACT(mpfr_add(mp[2], mp[0], mp[1], MPFR_RNDN));
		break;
	case REF_MUL:
		EXACT(mpfr_mul(mp[2], mp[0], mp[1], MPFR_RNDN));
		break;
	case REF_DIV:
		/* Not exact: rounded to 128 bits more than the span of the
		 * operands and the result, a relative 2^-192 at most. */
		mpfr_set_prec(mp[2], mpfr_get_prec(mp[0]) + 128);
		mpfr_div(mp[2], mp[0], mp[1], MPFR_RNDN);
		break;
	case REF_SQRT: /* the same */
		mpfr_set_prec(mp[2], mpfr_get_prec(mp[0]) + 128);
		mpfr_sqrt(mp[2], mp[0], MPFR_RNDN);
		break;
	default: /* REF_FMA */
		mp_set_num(mp[6], operand_layout(o, 2), &x[2]);
		EXACT(mpfr_mul(mp[5], mp[1], mp[6], MPFR_RNDN));
		EXACT(mpfr_add(mp[2], mp[0], mp[5], MPFR_RNDN));
	}
	switch (o->scale) {
	case SCALE_RESULT:
		mpfr_abs(mp[4], mp[2], MPFR_RNDN);
		break;
	case SCALE_OPERANDS:
		add_magnitudes(mp[4], mp[0], mp[1]);
		break;
	case SCALE_RESULT_AND_PRODUCT:
		add_magnitudes(mp[4], mp[2], mp[5]);
		break;
	case SCALE_ADDEND_AND_PRODUCT:
		add_magnitudes(mp[4], mp[0], mp[5]);
		break;
	}
}

void check_arithmetic(struct op *record, const struct operation *o, const struct num *x,
		      const struct num *r, int edge)
{
	const struct layout *l = result_layout(o);
	int finite_result = finite_num(l, r), finite_operands = 1, i;
	enum verdict verdict;
	for (i = 0; i < arity(o); i++)
		finite_operands = finite_operands && finite_num(operand_layout(o, i), &x[i]);
	/* Overflow and non-finite operands give a non-finite lead word,
	 * never a finite wrong value. */
	if (isfinite(r->w[0]) && !finite_result) {
		op_fail(record, "%s: a finite lead word in %s", operands_text(o, x), text_num(l, r));
		return;
	}
	if (!finite_operands) {
		if (isfinite(r->w[0]))
			op_fail(record, "non-finite operands %s gave a finite result %s",
				operands_text(o, x), text_num(l, r));
		return;
	}
	form_exact(o, x, r);
	if (edge) {
		const struct edge_verdict *v = &test_format.edge_verdicts[o->range(x)];
		verdict = finite_result ? v->finite : v->nonfinite;
	} else
		verdict = finite_result ? CHECKED : FAILS; /* in range by construction */
	switch (verdict) {
	case CHECKED:
		break;
	case FAILS:
		op_fail(record, "%s: in range, non-finite result %s (exact %s)", operands_text(o, x),
			text_num(l, r), hex_mp(mp[2]));
		return;
	case NOTED:
		op_note(record, "finite operands %s (exact %s) gave a non-finite result %s",
			operands_text(o, x), hex_mp(mp[2]), text_num(l, r));
		return;
	case OUTSIDE:
		record->outside++;
		return;
	case ACCEPTED:
		return;
	}
	if (!check_bound(record, mp[3], mp[2], mp[4], o->factor, 0))
		op_fail(record, "%s: expected %s, got %s, error %.4g of the bound", operands_text(o, x),
			hex_mp(mp[2]), text_num(l, r), record->last_ratio);
	if (!l->normalized(r))
		op_fail(record, "%s: result %s not normalized", operands_text(o, x), text_num(l, r));
}

const struct edge_verdict strict_edge_verdicts[3] = {
	[IN_RANGE] = {.finite = CHECKED, .nonfinite = FAILS},
	[OVERFLOW_RANGE] = {.finite = CHECKED, .nonfinite = ACCEPTED},
	[UNDERFLOW_RANGE] = {.finite = OUTSIDE, .nonfinite = OUTSIDE},
};

enum promise promise_from_dd(const struct num *x)
{
	if (!finite_num(&layout_dd, x))
		return PROMISE_INF;
	return isfinite(x[0].w[0] + x[0].w[1]) ? PROMISE_VALUE : PROMISE_VALUE_OR_INF;
}

/* The regime of the bound for |exact| = ax. */
static const struct regime *regime_of(const struct operation *o, double ax)
{
	int i = 0;
	while (i + 1 < 3 && o->regimes[i + 1].from > 0 && ax >= o->regimes[i + 1].from)
		i++;
	return &o->regimes[i];
}

/* The words after the lead word are zeros. */
static int zero_tails(const struct layout *l, const struct num *r)
{
	int i;
	for (i = 1; i < l->words; i++)
		if (word_value(l->word[i], r->w[i]) != 0)
			return 0;
	return 1;
}

void check_conversion(struct op *record, const struct operation *o, const struct num *x,
		      const struct num *r, int edge)
{
	const struct layout *lx = operand_layout(o, 0), *l = result_layout(o);
	enum promise promise;
	const struct regime *regime;
	struct span s;
	double ax;
	int i;
	(void)edge;
	if (o->promise)
		promise = o->promise(x);
	else
		promise = finite_num(lx, x) ? PROMISE_VALUE : PROMISE_NONFINITE;
	if (isfinite(r->w[0]) && !finite_num(l, r)) {
		op_fail(record, "%s: a finite lead word in %s", text_num(lx, x), text_num(l, r));
		return;
	}
	if (promise == PROMISE_INF || promise == PROMISE_NONFINITE) {
		if (isfinite(r->w[0]) || (promise == PROMISE_INF && !zero_tails(l, r)))
			op_fail(record, "%s gave %s, not a non-finite lead word%s", text_num(lx, x),
				text_num(l, r), promise == PROMISE_INF ? " with zero tails" : "");
		return;
	}
	span_init(&s);
	span_num(&s, lx, x);
	span_num(&s, l, r);
	span_prec(&s);
	mp_set_num(mp[2], lx, x);
	mpfr_abs(mp[4], mp[2], MPFR_RNDN);
	ax = fabs(mpfr_get_d(mp[2], MPFR_RNDZ)); /* exact against powers of two */
	regime = regime_of(o, ax);
	if (regime->kind == CORRECTLY_ROUNDED) {
		/* A zero has the sign of the IEEE sum of the words. */
		double expected = mpfr_zero_p(mp[2]) ? ieee_sum(lx, x)
						     : mpfr_get_d(mp[2], MPFR_RNDN);
		if (double_to_bits(expected) != double_to_bits(r->w[0])) {
			op_fail(record, "%s: expected %a, got %a", text_num(lx, x), expected, r->w[0]);
			record->max_ratio = INFINITY;
		}
		return;
	}
	if (!finite_num(l, r)) {
		if (promise != PROMISE_VALUE_OR_INF || !zero_tails(l, r))
			op_fail(record, "%s: non-finite result %s (exact %s)", text_num(lx, x),
				text_num(l, r), hex_mp(mp[2]));
		return;
	}
	if (o->signed_zero && mpfr_zero_p(mp[2])) {
		double zero = ieee_sum(lx, x);
		for (i = 0; i < l->words; i++)
			if (double_to_bits(word_value(l->word[i], r->w[i])) != double_to_bits(zero)) {
				op_fail(record, "%s gave %s, not the zero %a in every word",
					text_num(lx, x), text_num(l, r), zero);
				break;
			}
		return;
	}
	mp_set_num(mp[3], l, r);
	if (!(regime->kind == EXACT ? check_exact(record, mp[3], mp[2])
				    : check_bound(record, mp[3], mp[2], mp[4], regime->factor,
						  regime->absolute)))
		op_fail(record, "%s: expected %s, got %s, error %.4g of the bound", text_num(lx, x),
			hex_mp(mp[2]), text_num(l, r), record->last_ratio);
	if (l->normalized && !l->normalized(r))
		op_fail(record, "%s: result %s not normalized", text_num(lx, x), text_num(l, r));
}
