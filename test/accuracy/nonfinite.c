#include "config.h"

/* Where dgemm_, dgemv_ and daxpy_ give NaN, +Inf and -Inf: small problems
 * with +Inf, -Inf and NaN placed in A, B, C (or A, x, y; or x, y), one or two
 * at a time, under every alpha and beta of {0, 1, -1, 2, 0.5, NaN, +Inf}.
 * Linked with the reference BLAS; test/accuracy/nonfinite.sh runs it with
 * the reference and with libtwofold preloaded and compares the two.
 *
 *   nonfinite                 makes the calls; one line per call: what was
 *                             called, " | ", then every element of C's (or
 *                             y's) storage, padding and gaps included
 *   nonfinite compare REF GOT compares two such outputs: every element must
 *                             be of the same class (NaN, +Inf, -Inf, finite),
 *                             finite ones equal within a relative 1e-12 (the
 *                             data are small integers: every sum is exact);
 *                             exits with the number of calls that differ
 *                             (at most 255)
 *
 * The finite data are integers in -3..3, zeros included, so that Inf * 0
 * occurs.  A's rows beyond its rows (lda) and x's elements between strides
 * hold NaN, which must not be read; C's padding and y's gaps hold a number
 * that must not change. */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/f77_blas.h"
#include "test/splitmix64.h"

#define SENTINEL (-777.25)

static uint64_t rng_state; /* test/splitmix64.h */

/* ----------------------------------------------------------- one problem */

enum { MAX_ARRAYS = 3, MAX_ELEMS = 64 };

/* An array of a problem: its logical elements (rows x cols, or a vector of
 * len with stride inc) and where they lie in storage. */
struct array {
	char name;
	int rows, cols, ld; /* a matrix: rows x cols, leading dimension ld */
	int len, inc;       /* a vector (rows = 0) */
	double *data;
	long size;
};

static long elements(const struct array *a)
{
	return a->rows ? (long)a->rows * a->cols : a->len;
}

/* Storage index of logical element e (column-major for a matrix; for a
 * vector, as the reference places it, from the end when inc < 0). */
static long index_of(const struct array *a, long e)
{
	if (a->rows)
		return e % a->rows + e / a->rows * a->ld;
	if (a->inc >= 0)
		return e * a->inc;
	return (a->len - 1 - e) * -a->inc;
}

static void describe_element(const struct array *a, long e, char *buf, size_t size)
{
	if (a->rows)
		snprintf(buf, size, "%c(%ld,%ld)", a->name, e % a->rows + 1, e / a->rows + 1);
	else
		snprintf(buf, size, "%c(%ld)", a->name, e + 1);
}

struct special {
	int array; /* index into the problem's arrays; -1: none */
	long elem;
	double value;
};

enum op { GEMM, GEMV, AXPY };

struct problem {
	enum op op;
	char ta, tb;
	int m, n, k, incx, incy;
	int narrays;
	struct array arr[MAX_ARRAYS]; /* the last one is the output */
};

static void alloc_arrays(struct problem *p)
{
	for (int i = 0; i < p->narrays; i++) {
		struct array *a = &p->arr[i];
		if (a->rows)
			a->size = (long)a->ld * (a->cols ? a->cols : 1);
		else
			a->size = a->inc == 0 ? 1 : 1 + (long)(a->len - 1) * (a->inc < 0 ? -a->inc : a->inc);
		a->data = malloc(sizeof(double) * (size_t)(a->size ? a->size : 1));
		if (!a->data) {
			printf("out of memory\n");
			exit(99);
		}
	}
}

static void set_matrix(struct array *a, char name, int rows, int cols, int pad)
{
	memset(a, 0, sizeof *a);
	a->name = name;
	a->rows = rows;
	a->cols = cols;
	a->ld = rows + pad;
}

static void set_vector(struct array *a, char name, int len, int inc)
{
	memset(a, 0, sizeof *a);
	a->name = name;
	a->len = len;
	a->inc = inc;
}

/* Fills every array with its data (seeded by the problem), places the
 * specials, makes the call and prints the line. */
static void run(struct problem *p, uint64_t data_seed, double alpha, double beta,
		const struct special *sp, int nsp)
{
	rng_state = data_seed;
	for (int i = 0; i < p->narrays; i++) {
		struct array *a = &p->arr[i];
		int output = i == p->narrays - 1;
		for (long s = 0; s < a->size; s++)
			a->data[s] = output ? SENTINEL : NAN;
		for (long e = 0; e < elements(a); e++)
			a->data[index_of(a, e)] = splitmix64_int(&rng_state, -3, 3);
	}
	char what[400];
	int len = 0;
	switch (p->op) {
	case GEMM:
		len = snprintf(what, sizeof what, "dgemm %c%c m=%d n=%d k=%d", p->ta, p->tb, p->m, p->n,
			       p->k);
		break;
	case GEMV:
		len = snprintf(what, sizeof what, "dgemv %c m=%d n=%d incx=%d incy=%d", p->ta, p->m,
			       p->n, p->incx, p->incy);
		break;
	case AXPY:
		len = snprintf(what, sizeof what, "daxpy n=%d incx=%d incy=%d", p->n, p->incx, p->incy);
		break;
	}
	len += snprintf(what + len, sizeof what - (size_t)len, " alpha=%g", alpha);
	if (p->op != AXPY)
		len += snprintf(what + len, sizeof what - (size_t)len, " beta=%g", beta);
	for (int i = 0; i < nsp; i++) {
		struct array *a = &p->arr[sp[i].array];
		char elem[48];
		a->data[index_of(a, sp[i].elem)] = sp[i].value;
		describe_element(a, sp[i].elem, elem, sizeof elem);
		len += snprintf(what + len, sizeof what - (size_t)len, " %s=%g", elem, sp[i].value);
	}

	char ta[2] = { p->ta, 0 }, tb[2] = { p->tb, 0 };
	switch (p->op) {
	case GEMM:
		dgemm_(ta, tb, &p->m, &p->n, &p->k, &alpha, p->arr[0].data, &p->arr[0].ld,
		       p->arr[1].data, &p->arr[1].ld, &beta, p->arr[2].data, &p->arr[2].ld, 1, 1);
		break;
	case GEMV:
		dgemv_(ta, &p->m, &p->n, &alpha, p->arr[0].data, &p->arr[0].ld, p->arr[1].data,
		       &p->incx, &beta, p->arr[2].data, &p->incy, 1);
		break;
	case AXPY:
		daxpy_(&p->n, &alpha, p->arr[0].data, &p->incx, p->arr[1].data, &p->incy);
		break;
	}
	struct array *out = &p->arr[p->narrays - 1];
	printf("%s |", what);
	for (long s = 0; s < out->size; s++)
		printf(" %.17g", out->data[s]);
	printf("\n");
}

static const double scalars[] = { 0, 1, -1, 2, 0.5, NAN, INFINITY };
static const double specials[] = { INFINITY, -INFINITY, NAN };
#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* Every placement (none; one special at the first, a middle and the last
 * element of each array; pairs, some aimed at one dot, the rest at random)
 * under every alpha and beta. */
static void grid(struct problem *p, uint64_t problem_seed)
{
	struct special sp[2];
	alloc_arrays(p);
	for (size_t ia = 0; ia < COUNT(scalars); ia++) {
		for (size_t ib = 0; ib < (p->op == AXPY ? 1 : COUNT(scalars)); ib++) {
			double alpha = scalars[ia], beta = p->op == AXPY ? 1 : scalars[ib];
			uint64_t place_seed = problem_seed * 7919 + 17;
			run(p, problem_seed, alpha, beta, sp, 0);
			for (int a = 0; a < p->narrays; a++) {
				long n = elements(&p->arr[a]);
				if (n == 0)
					continue;
				long where[3] = { 0, n / 2, n - 1 };
				for (int w = 0; w < 3; w++)
					for (size_t v = 0; v < COUNT(specials); v++) {
						sp[0] = (struct special){ a, where[w], specials[v] };
						run(p, problem_seed, alpha, beta, sp, 1);
					}
			}
			/* Two specials in one dot: op(A)(1,1) with op(A)(1,k), with
			 * op(B)(1,1) and with op(B)(k,1); x(1) with x(last) and with y(1). */
			if (p->op == GEMM && p->k >= 2) {
				long a_1k = p->ta == 'N' ? (long)p->arr[0].rows * (p->k - 1) : p->k - 1;
				long b_k1 = p->tb == 'N' ? p->k - 1 : (long)p->arr[1].rows * (p->k - 1);
				sp[0] = (struct special){ 0, 0, INFINITY };
				sp[1] = (struct special){ 0, a_1k, -INFINITY };
				run(p, problem_seed, alpha, beta, sp, 2);
				sp[1] = (struct special){ 1, 0, INFINITY };
				run(p, problem_seed, alpha, beta, sp, 2);
				sp[1] = (struct special){ 1, b_k1, -INFINITY };
				run(p, problem_seed, alpha, beta, sp, 2);
			} else if (p->op != GEMM) {
				int x = p->op == GEMV ? 1 : 0;
				sp[0] = (struct special){ x, 0, INFINITY };
				sp[1] = (struct special){ x, elements(&p->arr[x]) - 1, -INFINITY };
				run(p, problem_seed, alpha, beta, sp, 2);
				sp[1] = (struct special){ p->narrays - 1, 0, -INFINITY };
				run(p, problem_seed, alpha, beta, sp, 2);
			}
			rng_state = place_seed;
			for (int r = 0; r < 12; r++) {
				for (int i = 0; i < 2; i++) {
					int a;
					do
						a = splitmix64_int(&rng_state, 0, p->narrays - 1);
					while (elements(&p->arr[a]) == 0);
					sp[i].array = a;
					sp[i].elem = splitmix64_int(&rng_state, 0,
								    (int)elements(&p->arr[a]) - 1);
					sp[i].value = specials[splitmix64_int(&rng_state, 0, 2)];
				}
				place_seed = rng_state;
				run(p, problem_seed, alpha, beta, sp, 2);
				rng_state = place_seed;
			}
		}
	}
	for (int i = 0; i < p->narrays; i++)
		free(p->arr[i].data);
}

static void gemm(char ta, char tb, int m, int n, int k, uint64_t seed)
{
	struct problem p = { .op = GEMM, .ta = ta, .tb = tb, .m = m, .n = n, .k = k, .narrays = 3 };
	set_matrix(&p.arr[0], 'A', ta == 'N' ? m : k, ta == 'N' ? k : m, 1);
	set_matrix(&p.arr[1], 'B', tb == 'N' ? k : n, tb == 'N' ? n : k, 2);
	set_matrix(&p.arr[2], 'C', m, n, 1);
	if (p.arr[0].ld < 1)
		p.arr[0].ld = 1;
	grid(&p, seed);
}

static void gemv(char t, int m, int n, int incx, int incy, uint64_t seed)
{
	struct problem p = { .op = GEMV, .ta = t, .m = m, .n = n, .incx = incx, .incy = incy,
			     .narrays = 3 };
	set_matrix(&p.arr[0], 'A', m, n, 2);
	set_vector(&p.arr[1], 'x', t == 'N' ? n : m, incx);
	set_vector(&p.arr[2], 'y', t == 'N' ? m : n, incy);
	grid(&p, seed);
}

static void axpy(int n, int incx, int incy, uint64_t seed)
{
	struct problem p = { .op = AXPY, .n = n, .incx = incx, .incy = incy, .narrays = 2 };
	set_vector(&p.arr[0], 'x', n, incx);
	set_vector(&p.arr[1], 'y', n, incy);
	grid(&p, seed);
}

/* ------------------------------------------------------------- comparing */

static int class_of(double v)
{
	return isnan(v) ? 'N' : v == INFINITY ? '+' : v == -INFINITY ? '-' : 'F';
}

static const char *class_name(int c)
{
	return c == 'N' ? "NaN" : c == '+' ? "+Inf" : c == '-' ? "-Inf" : "finite";
}

/* The kind of a call, from its line: which of alpha, beta, the inputs and
 * the output hold a NaN or an Inf. */
enum { KINDS = 6 };
static const char *const kind_name[KINDS] = {
	"no NaN or Inf anywhere",
	"NaN or Inf in A, B, x only",
	"NaN or Inf in C, y only",
	"NaN or Inf in the inputs and in C, y",
	"alpha finite, beta NaN or Inf",
	"alpha NaN or Inf",
};

static int kind_of(const char *call)
{
	const char *a = strstr(call, " alpha="), *b = strstr(call, " beta=");
	double alpha = a ? strtod(a + 7, NULL) : 0, beta = b ? strtod(b + 6, NULL) : 1;
	if (!isfinite(alpha))
		return 5;
	if (!isfinite(beta))
		return 4;
	int in = 0, out = 0;
	for (const char *p = strchr(call, '('); p; p = strchr(p + 1, '(')) {
		if (p[-1] == 'C' || p[-1] == 'y')
			out = 1;
		else
			in = 1;
	}
	return in && out ? 3 : out ? 2 : in ? 1 : 0;
}

enum { MAX_SHOWN = 60 }; /* differing calls shown in full */

static int compare(const char *ref_path, const char *got_path)
{
	FILE *ref = fopen(ref_path, "r"), *got = fopen(got_path, "r");
	if (!ref || !got) {
		printf("compare: cannot open %s\n", !ref ? ref_path : got_path);
		return 99;
	}
	char *rl = NULL, *gl = NULL;
	size_t rn = 0, gn = 0;
	long lines = 0, bad = 0, elems = 0, calls[KINDS] = { 0 }, differ[KINDS] = { 0 };
	for (;;) {
		ssize_t r = getline(&rl, &rn, ref), g = getline(&gl, &gn, got);
		if (r < 0 || g < 0) {
			if (r >= 0 || g >= 0) {
				printf("compare: %s ends first, after %ld lines\n", r < 0 ? ref_path : got_path,
				       lines);
				bad++;
			}
			break;
		}
		lines++;
		char *rbar = strstr(rl, " |"), *gbar = strstr(gl, " |");
		if (!rbar || !gbar || rbar - rl != gbar - gl || strncmp(rl, gl, (size_t)(rbar - rl)) != 0) {
			printf("line %ld: different calls:\n  %s  %s", lines, rl, gl);
			bad++;
			break;
		}
		*rbar = 0;
		int kind = kind_of(rl);
		calls[kind]++;
		char *rp = rbar + 2, *gp = gbar + 2;
		int differs = 0;
		for (long e = 0;; e++) {
			char *rend, *gend;
			double rv = strtod(rp, &rend), gv = strtod(gp, &gend);
			if (rend == rp || gend == gp) {
				if ((rend == rp) != (gend == gp)) {
					if (bad < MAX_SHOWN)
						printf("FAIL %s: a different number of elements\n", rl);
					differs = 1;
				}
				break;
			}
			rp = rend, gp = gend;
			elems++;
			int rc = class_of(rv), gc = class_of(gv);
			int same = rc == gc &&
				   (rc != 'F' || fabs(rv - gv) <= 1e-12 * fmax(fabs(rv), fabs(gv)));
			if (!same) {
				if (bad < MAX_SHOWN) {
					if (!differs)
						printf("FAIL %s\n", rl);
					printf("    element %ld of the output's storage: expected %s %.17g,"
					       " got %s %.17g\n",
					       e, class_name(rc), rv, class_name(gc), gv);
				}
				differs = 1;
			}
		}
		bad += differs;
		differ[kind] += differs;
	}
	free(rl), free(gl);
	fclose(ref), fclose(got);
	if (bad > MAX_SHOWN)
		printf("... %ld more calls differ\n", bad - MAX_SHOWN);
	printf("calls that differ, by kind:\n");
	for (int k = 0; k < KINDS; k++)
		printf("  %-40s %6ld of %6ld\n", kind_name[k], differ[k], calls[k]);
	printf("%ld calls, %ld output elements compared: %ld calls differ\n", lines, elems, bad);
	return bad > 255 ? 255 : (int)bad;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "compare") == 0)
		return compare(argv[2], argv[3]);
	if (argc != 1) {
		printf("usage: nonfinite | nonfinite compare REF GOT\n");
		return 99;
	}
	gemm('N', 'N', 3, 4, 5, 1);
	gemm('T', 'N', 3, 4, 5, 2);
	gemm('N', 'T', 4, 3, 2, 3);
	gemm('T', 'T', 2, 3, 4, 4);
	gemm('N', 'N', 3, 2, 0, 5);
	/* k = 0: the reference adds alpha * (an empty sum) when op(A) = A^T */
	gemm('T', 'N', 3, 2, 0, 13);
	gemm('C', 'T', 2, 3, 0, 14);
	gemm('N', 'T', 3, 2, 0, 15);
	gemm('T', 'T', 2, 2, 0, 16);
	gemv('N', 4, 5, 1, 1, 6);
	gemv('N', 4, 5, -2, 3, 7);
	gemv('T', 4, 5, 1, 1, 8);
	gemv('T', 5, 3, 3, -1, 9);
	axpy(6, 1, 1, 10);
	axpy(5, -1, 2, 11);
	axpy(4, 0, -1, 12);
	return 0;
}
