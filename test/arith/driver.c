#include "config.h"

/* The driver of the unit tests of the arithmetic: runs every operation of
 * test_format (the program's format table) on its random operands, its
 * edge cases and its given cases, hashes each result into the operation's
 * checksum and, unless --checksum-only, checks it (checks.c). */

#include <stdlib.h>
#include <string.h>

#include "format.h"

struct rng rng;
struct num edge[64];
int edge_count;

static void add_edge(struct num x)
{
	if (edge_count == (int)(sizeof edge / sizeof edge[0]))
		abort();
	edge[edge_count++] = x;
}

static struct num negated(struct num x, int words)
{
	int i;
	for (i = 0; i < words; i++)
		x.w[i] = -x.w[i];
	return x;
}

/* The values of a list, with both signs where it says so; l their layout. */
static long values_count(const struct values *v)
{
	return v->signs == AS_GIVEN ? v->count : 2L * v->count;
}

static struct num value_at(const struct values *v, long k, const struct layout *l)
{
	if (v->signs == AS_GIVEN)
		return v->values[k];
	if (k % 2 == 0)
		return v->values[k / 2];
	return negated(v->values[k / 2], v->signs == BOTH_SIGNS ? l->words : 1);
}

static void build_edges(void)
{
	int i;
	long k;
	for (i = 0; i < 2; i++)
		for (k = 0; k < values_count(&test_format.edges[i]); k++)
			add_edge(value_at(&test_format.edges[i], k, test_format.edge_layout));
}

/* An edge case's value as an operand of layout l: its leading words, each
 * rounded to the operand's words. */
static struct num projected(struct num e, const struct layout *l)
{
	struct num x = {{0, 0, 0}};
	int i;
	for (i = 0; i < l->words; i++)
		x.w[i] = l->word[i] == WORD_FLOAT ? (double)(float)e.w[i] : e.w[i];
	return x;
}

static long edge_cases(const struct operation *o)
{
	switch (o->edges) {
	case EDGES_EACH:
	case EDGES_WORDS:
		return edge_count;
	case EDGES_PAIRS:
		return (long)edge_count * edge_count;
	case EDGES_LIST:
		return values_count(&o->edge_list);
	case EDGES_OWN:
		return o->edge_cases ? o->edge_cases() : edge_count;
	default:
		return 0;
	}
}

static void edge_case(const struct operation *o, long k, struct num *x)
{
	const struct layout *l;
	int i;
	switch (o->edges) {
	case EDGES_EACH:
		x[0] = projected(edge[k], operand_layout(o, 0));
		break;
	case EDGES_WORDS:
		for (i = 0; i < arity(o); i++)
			x[i] = projected(num1(edge[k].w[i]), operand_layout(o, i));
		break;
	case EDGES_PAIRS:
		x[0] = projected(edge[k / edge_count], operand_layout(o, 0));
		x[1] = projected(edge[k % edge_count], operand_layout(o, 1));
		if (arity(o) == 3)
			x[2] = projected(edge[(k / edge_count + k % edge_count) % edge_count],
					 operand_layout(o, 2));
		break;
	case EDGES_LIST:
		l = operand_layout(o, 0);
		x[0] = projected(value_at(&o->edge_list, k, l), l);
		break;
	case EDGES_OWN:
		o->edge_case(k, x);
		break;
	default:
		abort();
	}
}

/* The records of one operation: all its cases, or those in its main range
 * and the others ("/ends"). */
struct records {
	struct op main, ends;
	char ends_name[64];
};

enum case_kind {
	RANDOM_CASE,
	EDGE_CASE,
	GIVEN_CASE, /* checked as a random case, counted as an edge case */
};

static void run_case(struct records *records, const struct operation *o, struct num *x,
		     enum case_kind kind)
{
	const struct layout *l = result_layout(o);
	struct op *record = &records->main;
	struct num r;
	int i;
	/* Words beyond an operand's layout are 0, whatever the generator
	 * left there. */
	for (i = 0; i < arity(o); i++)
		x[i] = projected(x[i], operand_layout(o, i));
	r = call_function(o, x);
	if (o->ends_bound && !o->in_main_range(x))
		record = &records->ends;
	for (i = 0; i < l->words; i++) {
		switch (l->word[i]) {
		case WORD_DOUBLE:
			hash_double(record, r.w[i]);
			break;
		case WORD_FLOAT:
			hash_float(record, (float)r.w[i]);
			break;
		case WORD_DI_LOW:
			hash_int(record, (int32_t)r.w[i]);
		}
	}
	if (kind == RANDOM_CASE)
		record->cases++;
	else
		record->edges++;
	if (check_mode)
		o->check(record, o, x, &r, kind == EDGE_CASE);
}

static void run_operation(const struct operation *o)
{
	struct records records;
	struct num x[3];
	long i, n;
	op_begin(&records.main, o->name, o->bound, o->exact);
	if (o->ends_bound) {
		snprintf(records.ends_name, sizeof records.ends_name, "%s/ends", o->name);
		op_begin(&records.ends, records.ends_name, o->ends_bound, 0);
	}
	for (i = 0; (o->draw != DRAW_OWN || o->random) && i < random_cases; i++) {
		if (o->draw == DRAW_OWN)
			o->random(x);
		else
			draw_operands(o, x);
		run_case(&records, o, x, RANDOM_CASE);
	}
	for (i = 0; o->random_beyond && i < random_cases / o->beyond_share; i++) {
		o->random_beyond(x);
		run_case(&records, o, x, RANDOM_CASE);
	}
	n = edge_cases(o);
	for (i = 0; i < n; i++) {
		memset(x, 0, sizeof x);
		edge_case(o, i, x);
		if (!o->admits || o->admits(x))
			run_case(&records, o, x, EDGE_CASE);
	}
	for (i = 0; i < o->given_count; i++) {
		memcpy(x, o->given[i].x, sizeof x);
		run_case(&records, o, x, GIVEN_CASE);
	}
	op_end(&records.main);
	if (o->ends_bound)
		op_end(&records.ends);
}

int main(int argc, char **argv)
{
	int i;
	harness_start(argc, argv, test_format.title);
	rng_seed(&rng, test_format.seed);
	build_edges();
	for (i = 0; i < test_format.operation_count; i++)
		run_operation(&test_format.operations[i]);
	return harness_finish();
}
