/* SpMV on the GPU against MPFR: tf_dcsrmv, tf_ddcsrmv, tf_dscsrmv and
 * tf_dicsrmv with
 *   - the matrix, x and y in device memory (computed in place),
 *   - the matrix made from device arrays and x, y in host memory,
 *   - the matrix, x and y in managed memory,
 * op N and T, index base 0 and 1, beta = 0 with y full of NaN (y must not
 * be read) and beta != 0, alpha = 0 (A and x not read).  Each result must
 * lie within its format's rounding of the exact value plus the DD sum's
 * error (k terms: 8 k u^2 of the sum of the terms' magnitudes).  Exits 77
 * where there is no GPU.
 *
 *   spmv [quick]   (quick: one matrix, device memory) */
#include "config.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/splitmix64.h"
#include "twofold.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/sparse.h"

#define PREC 600

enum format { F_D, F_DD, F_DS, F_DI, F_COUNT };
static const char *format_names[] = { "D", "DD", "DS", "DI" };
/* The format's rounding, relative (with a margin of 2). */
static const double format_unit[] = { 0x1p-53, 0x1p-104, 0x1p-75, 0x1p-73 };

enum memory { M_DEVICE, M_HOST_VECTORS, M_MANAGED, M_COUNT };
static const char *memory_names[] = { "device", "host vectors", "managed" };

static int failures, checked;
static uint64_t seed = 20261126;

struct matrix {
	int rows, cols, nnz;
	int *row_ptr, *col_idx; /* base 0 */
	double *values;
	const char *name;
};

/* A value spanning a few binades, with either sign. */
static double value(void)
{
	double v = ldexp(0.5 + splitmix64_unif(&seed), splitmix64_int(&seed, -8, 8));
	return splitmix64_next(&seed) & 1 ? -v : v;
}

static void random_matrix(int rows, int cols, int max_row, struct matrix *m)
{
	m->rows = rows, m->cols = cols;
	m->row_ptr = malloc((size_t)(rows + 1) * sizeof(int));
	m->col_idx = malloc((size_t)rows * max_row * sizeof(int));
	m->values = malloc((size_t)rows * max_row * sizeof(double));
	char *used = calloc((size_t)cols, 1);
	int k = 0;
	m->row_ptr[0] = 0;
	for (int i = 0; i < rows; i++) {
		int count = i % 17 == 5 ? 0 : splitmix64_int(&seed, 1, max_row);
		for (int c = 0; c < count; c++) {
			int j = splitmix64_int(&seed, 0, cols - 1);
			if (used[j])
				continue;
			used[j] = 1;
			m->col_idx[k] = j;
			m->values[k++] = value();
		}
		for (int p = m->row_ptr[i]; p < k; p++)
			used[m->col_idx[p]] = 0;
		m->row_ptr[i + 1] = k;
	}
	m->nnz = k;
	free(used);
}

static void poisson2d(int nx, struct matrix *m)
{
	int n = nx * nx, k = 0;
	m->rows = m->cols = n;
	m->row_ptr = malloc((size_t)(n + 1) * sizeof(int));
	m->col_idx = malloc((size_t)5 * n * sizeof(int));
	m->values = malloc((size_t)5 * n * sizeof(double));
	m->row_ptr[0] = 0;
	for (int y = 0; y < nx; y++)
		for (int x = 0; x < nx; x++) {
			int i = y * nx + x;
			int cols[5] = { i - nx, i - 1, i, i + 1, i + nx };
			int ok[5] = { y > 0, x > 0, 1, x < nx - 1, y < nx - 1 };
			for (int c = 0; c < 5; c++)
				if (ok[c]) {
					m->col_idx[k] = cols[c];
					m->values[k++] = c == 2 ? 4.0 : -1.0;
				}
			m->row_ptr[i + 1] = k;
		}
	m->nnz = k;
}

/* A vector of n elements in the format, with its exact values. */
struct vector {
	void *hi, *lo;
	tf_dd *exact;
};

static void make_vector(enum format f, int n, int nan, struct vector *v)
{
	size_t hi_size = f == F_DD ? sizeof(tf_dd) : sizeof(double);
	v->hi = malloc((size_t)n * hi_size + 1);
	v->lo = f == F_DS || f == F_DI ? malloc((size_t)n * 4 + 1) : NULL;
	v->exact = malloc((size_t)n * sizeof(tf_dd) + 1);
	for (int i = 0; i < n; i++) {
		double h = nan ? NAN : value();
		tf_dd d = tf_two_sum(h, nan ? NAN : h * 0x1p-60 * splitmix64_unif(&seed));
		switch (f) {
		case F_D:
			((double *)v->hi)[i] = d.hi;
			v->exact[i] = tf_dd_make(d.hi, 0.0);
			break;
		case F_DD:
			((tf_dd *)v->hi)[i] = d;
			v->exact[i] = d;
			break;
		case F_DS: {
			tf_ds s = nan ? (tf_ds){ NAN, NAN } : tf_ds_from_dd(d);
			((double *)v->hi)[i] = s.hi;
			((float *)v->lo)[i] = s.lo;
			v->exact[i] = tf_ds_to_dd(s);
			break;
		}
		case F_DI: {
			tf_di s = nan ? (tf_di){ NAN, 0 } : tf_di_from_dd(d);
			((double *)v->hi)[i] = s.hi;
			((int32_t *)v->lo)[i] = s.lo;
			v->exact[i] = tf_di_to_dd(s);
			break;
		}
		default:
			break;
		}
	}
}

/* The value of element i as the caller reads it back. */
static tf_dd element(enum format f, const struct vector *v, int i)
{
	switch (f) {
	case F_D:
		return tf_dd_make(((double *)v->hi)[i], 0.0);
	case F_DD:
		return ((tf_dd *)v->hi)[i];
	case F_DS:
		return tf_ds_to_dd((tf_ds){ ((double *)v->hi)[i], ((float *)v->lo)[i] });
	default:
		return tf_di_to_dd((tf_di){ ((double *)v->hi)[i], ((int32_t *)v->lo)[i] });
	}
}

static void free_vector(struct vector *v)
{
	free(v->hi);
	free(v->lo);
	free(v->exact);
}

static void *on_gpu(const void *p, size_t bytes, int managed)
{
	void *d = NULL;
	cudaError_t status = managed ? cudaMallocManaged(&d, bytes + 16, cudaMemAttachGlobal)
				     : cudaMalloc(&d, bytes + 16);
	if (status == cudaSuccess && p)
		status = cudaMemcpy(d, p, bytes, cudaMemcpyDefault);
	if (status != cudaSuccess) {
		printf("device memory: %s\n", cudaGetErrorString(status));
		exit(1);
	}
	return d;
}

static void set_dd(mpfr_t s, tf_dd v)
{
	mpfr_set_d(s, v.hi, MPFR_RNDN);
	mpfr_add_d(s, s, v.lo, MPFR_RNDN);
}

static void run_case(const struct matrix *m, int base, enum memory mem, enum format f, char trans,
		     tf_dd alpha, tf_dd beta)
{
	const int t = trans == 'T';
	const int xlen = t ? m->rows : m->cols, ylen = t ? m->cols : m->rows;
	const int beta_zero = beta.hi == 0.0 && beta.lo == 0.0;
	struct vector x, y;
	make_vector(f, xlen, 0, &x);
	make_vector(f, ylen, beta_zero, &y);
	/* The matrix in the memory asked for, with the index base. */
	int *ptr = malloc((size_t)(m->rows + 1) * sizeof(int)), *col = malloc((size_t)m->nnz * sizeof(int) + 1);
	for (int i = 0; i <= m->rows; i++)
		ptr[i] = m->row_ptr[i] + base;
	for (int k = 0; k < m->nnz; k++)
		col[k] = m->col_idx[k] + base;
	const int managed = mem == M_MANAGED;
	int *dptr = on_gpu(ptr, (size_t)(m->rows + 1) * sizeof(int), managed);
	int *dcol = on_gpu(col, (size_t)m->nnz * sizeof(int), managed);
	double *dval = on_gpu(m->values, (size_t)m->nnz * sizeof(double), managed);
	tf_csr *a = tf_csr_create(m->rows, m->cols, base, dptr, dcol, dval);
	if (tf_csr_status(a) != 0) {
		failures++;
		printf("FAIL %s: tf_csr_create: %s\n", m->name, tf_csr_message(a));
		goto done;
	}
	size_t hi_size = f == F_DD ? sizeof(tf_dd) : sizeof(double);
	void *xh = x.hi, *xl = x.lo, *yh = y.hi, *yl = y.lo;
	if (mem != M_HOST_VECTORS) {
		xh = on_gpu(x.hi, (size_t)xlen * hi_size, managed);
		yh = on_gpu(y.hi, (size_t)ylen * hi_size, managed);
		if (x.lo) {
			xl = on_gpu(x.lo, (size_t)xlen * 4, managed);
			yl = on_gpu(y.lo, (size_t)ylen * 4, managed);
		}
	}
	int status;
	switch (f) {
	case F_D:
		status = tf_dcsrmv(trans, alpha.hi, a, xh, xlen, beta.hi, yh, ylen);
		break;
	case F_DD:
		status = tf_ddcsrmv(trans, alpha, a, xh, xlen, beta, yh, ylen);
		break;
	case F_DS:
		status = tf_dscsrmv(trans, alpha, a, xh, xl, xlen, beta, yh, yl, ylen);
		break;
	default:
		status = tf_dicsrmv(trans, alpha, a, xh, xl, xlen, beta, yh, yl, ylen);
		break;
	}
	struct vector got = { malloc((size_t)ylen * hi_size + 1), y.lo ? malloc((size_t)ylen * 4 + 1) : NULL, NULL };
	memcpy(got.hi, y.hi, (size_t)ylen * hi_size);
	if (y.lo)
		memcpy(got.lo, y.lo, (size_t)ylen * 4);
	if (mem != M_HOST_VECTORS) {
		cudaMemcpy(got.hi, yh, (size_t)ylen * hi_size, cudaMemcpyDefault);
		if (y.lo)
			cudaMemcpy(got.lo, yl, (size_t)ylen * 4, cudaMemcpyDefault);
	}
	if (status != 0) {
		failures++;
		printf("FAIL %s %s %s %c base %d: status %d\n", m->name, memory_names[mem], format_names[f],
		       trans, base, status);
	}
	/* The reference: alpha sum + beta y, exactly; the bound: the format's
	 * rounding of it plus the DD sum's error. */
	mpfr_t s, term, mag, r;
	mpfr_inits2(PREC, s, term, mag, r, (mpfr_ptr)0);
	int bad = 0;
	for (int i = 0; i < ylen && status == 0; i++) {
		mpfr_set_zero(s, 1);
		mpfr_set_zero(mag, 1);
		int k = 0;
		for (int row = 0; row < m->rows; row++)
			for (int p = m->row_ptr[row]; p < m->row_ptr[row + 1]; p++) {
				int j = t ? row : m->col_idx[p];
				if ((t ? m->col_idx[p] : row) != i)
					continue;
				set_dd(term, x.exact[j]);
				mpfr_mul_d(term, term, m->values[p], MPFR_RNDN);
				mpfr_add(s, s, term, MPFR_RNDN);
				mpfr_abs(term, term, MPFR_RNDN);
				mpfr_add(mag, mag, term, MPFR_RNDN);
				k++;
			}
		set_dd(term, alpha);
		mpfr_mul(s, s, term, MPFR_RNDN);
		mpfr_abs(term, term, MPFR_RNDN);
		mpfr_mul(mag, mag, term, MPFR_RNDN);
		if (!beta_zero) {
			set_dd(r, beta);
			set_dd(term, y.exact[i]);
			mpfr_mul(term, term, r, MPFR_RNDN);
			mpfr_add(s, s, term, MPFR_RNDN);
			mpfr_abs(term, term, MPFR_RNDN);
			mpfr_add(mag, mag, term, MPFR_RNDN);
		}
		tf_dd v = element(f, &got, i);
		set_dd(r, tf_dd_make(-v.hi, -v.lo));
		mpfr_add(r, r, s, MPFR_RNDN);
		double err = fabs(mpfr_get_d(r, MPFR_RNDN));
		double bound = format_unit[f] * fabs(mpfr_get_d(s, MPFR_RNDN)) +
			       8.0 * (k + 2) * 0x1p-106 * mpfr_get_d(mag, MPFR_RNDN);
		checked++;
		if (!(err <= bound) && bad++ < 3)
			printf("FAIL %s %s %s %c base %d: y[%d] = %.17g%+.17g, error %.3g > %.3g\n", m->name,
			       memory_names[mem], format_names[f], trans, base, i, v.hi, v.lo, err, bound);
	}
	mpfr_clears(s, term, mag, r, (mpfr_ptr)0);
	failures += bad > 0;
	free_vector(&got);
	if (mem != M_HOST_VECTORS) {
		cudaFree(xh);
		cudaFree(yh);
		if (x.lo) {
			cudaFree(xl);
			cudaFree(yl);
		}
	}
done:
	tf_csr_destroy(a);
	cudaFree(dptr);
	cudaFree(dcol);
	cudaFree(dval);
	free(ptr);
	free(col);
	free_vector(&x);
	free_vector(&y);
}

int main(int argc, char **argv)
{
	/* quick: one matrix, device memory (for compute-sanitizer). */
	const int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		printf("no GPU\n");
		return 77;
	}
	struct matrix m[3];
	random_matrix(300, 200, 30, &m[0]);
	m[0].name = "random 300x200";
	random_matrix(150, 400, 6, &m[1]);
	m[1].name = "random 150x400";
	poisson2d(24, &m[2]);
	m[2].name = "poisson2d-24";
	const tf_dd alphas[] = { { 1.0, 0.0 }, { -0.75, 0x1p-60 }, { 0.0, 0.0 } };
	const tf_dd betas[] = { { 0.0, 0.0 }, { 0.5, -0x1p-58 } };
	for (int c = quick ? 1 : 0; c < (quick ? 2 : 3); c++)
		for (int mem = 0; mem < (quick ? 1 : M_COUNT); mem++)
			for (int f = 0; f < F_COUNT; f++)
				for (int t = 0; t < 2; t++)
					for (int base = 0; base < 2; base++)
						for (int ab = 0; ab < 4; ab++) {
							tf_dd alpha = alphas[ab == 3 ? 2 : ab % 2];
							tf_dd beta = betas[ab == 3 ? 1 : ab / 2 ? 1 : 0];
							if (f == F_D)
								alpha.lo = beta.lo = 0.0;
							run_case(&m[c], base, mem, f, t ? 'T' : 'N', alpha, beta);
						}
	for (int c = 0; c < 3; c++) {
		free(m[c].row_ptr);
		free(m[c].col_idx);
		free(m[c].values);
	}
	printf("%d results checked, %d failing cases\n", checked, failures);
	return failures != 0;
}
