#include "config.h"

/* The ILP64 entry points with integers beyond 32 bits (test/ilp64/run.sh):
 *
 *   beyond errors   illegal arguments above 2^31 - 1 and below -2^31, one
 *                   case a line, each in a child process: the routine and
 *                   parameter number reported (through this program's
 *                   xerbla_64_; with Debian's 64-bit reference BLAS, by
 *                   its own xerbla_), against the reference's rules
 *   beyond large    daxpy_64_, ddot_64_, dcopy_64_, idamax_64_ with
 *                   n = 2^31 + 10 and zero increments (no memory), against
 *                   the exact results; an increment beyond 32 bits
 *   beyond forward  sdot_64_ of n = 2^31 + 10 ones, with a 64-bit CPU BLAS:
 *                   its single-precision sum (2^24), one call
 *
 * Exit status 1 on any difference. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "op/cblas_types.h"

void dgemm_64_(const char *, const char *, const int64_t *, const int64_t *, const int64_t *,
	       const double *, const double *, const int64_t *, const double *, const int64_t *,
	       const double *, double *, const int64_t *, size_t, size_t);
void sgemm_64_(const char *, const char *, const int64_t *, const int64_t *, const int64_t *,
	       const float *, const float *, const int64_t *, const float *, const int64_t *,
	       const float *, float *, const int64_t *, size_t, size_t);
void dgemv_64_(const char *, const int64_t *, const int64_t *, const double *, const double *,
	       const int64_t *, const double *, const int64_t *, const double *, double *,
	       const int64_t *, size_t);
void zherk_64_(const char *, const char *, const int64_t *, const int64_t *, const double *,
	       const void *, const int64_t *, const double *, void *, const int64_t *, size_t,
	       size_t);
void dtrsm_64_(const char *, const char *, const char *, const char *, const int64_t *,
	       const int64_t *, const double *, const double *, const int64_t *, double *,
	       const int64_t *, size_t, size_t, size_t, size_t);
void dger_64_(const int64_t *, const int64_t *, const double *, const double *, const int64_t *,
	      const double *, const int64_t *, double *, const int64_t *);
void ztbsv_64_(const char *, const char *, const char *, const int64_t *, const int64_t *,
	       const void *, const int64_t *, void *, const int64_t *, size_t, size_t, size_t);
void cgbmv_64_(const char *, const int64_t *, const int64_t *, const int64_t *, const int64_t *,
	       const void *, const void *, const int64_t *, const void *, const int64_t *,
	       const void *, void *, const int64_t *, size_t);
void sspr2_64_(const char *, const int64_t *, const float *, const float *, const int64_t *,
	       const float *, const int64_t *, float *, size_t);
void daxpy_64_(const int64_t *, const double *, const double *, const int64_t *, double *,
	       const int64_t *);
void daxpy_(const int *, const double *, const double *, const int *, double *, const int *);
double ddot_64_(const int64_t *, const double *, const int64_t *, const double *, const int64_t *);
void dcopy_64_(const int64_t *, const double *, const int64_t *, double *, const int64_t *);
int64_t idamax_64_(const int64_t *, const double *, const int64_t *);
int64_t isamax_64_(const int64_t *, const float *, const int64_t *);
void cblas_dgemm64_(CBLAS_LAYOUT, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int64_t, int64_t, int64_t,
		    double, const double *, int64_t, const double *, int64_t, double, double *,
		    int64_t);
void cblas_sgemm64_(CBLAS_LAYOUT, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int64_t, int64_t, int64_t,
		    float, const float *, int64_t, const float *, int64_t, float, float *, int64_t);
void cblas_zherk64_(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, int64_t, int64_t, double,
		    const void *, int64_t, double, void *, int64_t);
void cblas_dger64_(CBLAS_LAYOUT, int64_t, int64_t, double, const double *, int64_t,
		   const double *, int64_t, double *, int64_t);
void cblas_dgemv64_(CBLAS_LAYOUT, CBLAS_TRANSPOSE, int64_t, int64_t, double, const double *,
		    int64_t, const double *, int64_t, double, double *, int64_t);
float sdot_64_(const int64_t *, const float *, const int64_t *, const float *, const int64_t *);
double cblas_ddot64_(int64_t, const double *, int64_t, const double *, int64_t);


static int bad;

#define TWO(p) ((int64_t)1 << (p))

static const int64_t one = 1, zero = 0, big = TWO(34), big_ld = TWO(33), minus = -TWO(40);
static const int64_t above = TWO(31), below = -TWO(31) - 1, ld = TWO(32);
static double d[4];
static float s[4];

static void e1(void) { dgemm_64_("N", "N", &one, &minus, &one, d, d, &one, d, &one, d, d, &one, 1,
	       1); }
static void e2(void) { dgemm_64_("N", "N", &big, &one, &one, d, d, &big_ld, d, &big, d, d, &big, 1,
	       1); }
static void e3(void) { dgemm_64_("N", "N", &big, &one, &big, d, d, &big, d, &one, d, d, &big, 1,
	       1); }
static void e4(void) { sgemm_64_("T", "X", &minus, &one, &one, s, s, &one, s, &one, s, s, &one, 1,
	       1); }
static void e5(void) { sgemm_64_("T", "N", &one, &one, &big, s, s, &big_ld, s, &big, s, s, &one, 1,
	       1); }
static void e6(void) { dgemv_64_("N", &ld, &one, d, d, &ld, d, &zero, d, d, &one, 1); }
static void e7(void) { zherk_64_("U", "N", &minus, &one, d, d, &one, d, d, &one, 1, 1); }
static void e8(void) { zherk_64_("U", "T", &big, &one, d, d, &big, d, d, &big, 1, 1); }
static void e9(void) { dtrsm_64_("X", "U", "N", "N", &big, &one, d, d, &big, d, &big, 1, 1, 1, 1); }
static void e10(void) { dtrsm_64_("R", "U", "N", "N", &one, &big, d, d, &big_ld, d, &one, 1, 1, 1,
		1); }
static void e11(void) { dger_64_(&one, &one, d, d, &one, d, &one, d, &below); }
static void e12(void) { ztbsv_64_("U", "N", "N", &one, &below, d, &one, d, &one, 1, 1, 1); }
static void e13(void) { cgbmv_64_("N", &one, &one, &above, &zero, s, s, &above, s, &one, s, s, &one,
		1); }
static void e15(void) { const int64_t m1 = -1; dgemm_64_("N", "N", &one, &m1, &one, d, d, &one, d,
		&one, d, d, &one, 1, 1); }
static void e16(void) { dgemv_64_("Q", &one, &one, d, d, &one, d, &one, d, d, &one, 1); }
static void c1(void) { cblas_dgemm64_(CblasColMajor, CblasNoTrans, CblasNoTrans, one, minus, one,
	       1.0, d, one, d, one, 0.0, d, one); }
static void c2(void) { cblas_sgemm64_(CblasColMajor, CblasNoTrans, CblasNoTrans, big, one, one,
	       1.0f, s, big_ld, s, big, 0.0f, s, big); }
static void c3(void) { cblas_zherk64_(CblasColMajor, CblasUpper, CblasTrans, big, one, 1.0, d, big,
	       0.0, d, big); }
static void c4(void) { cblas_dger64_(CblasColMajor, one, one, 1.0, d, one, d, one, d, below); }
static void c5(void) { cblas_dgemv64_((CBLAS_LAYOUT)999, CblasNoTrans, ld, one, 1.0, d, ld, d, one,
	       0.0, d, one); }
static void c6(void) { cblas_dgemm64_(CblasRowMajor, CblasNoTrans, CblasNoTrans, one, one, big,
	       1.0, d, big_ld, d, one, 0.0, d, one); }
static void c7(void) { cblas_dger64_(CblasRowMajor, one, big, 1.0, d, one, d, one, d, big_ld); }
static void c8(void) { cblas_zherk64_(CblasRowMajor, CblasUpper, CblasTrans, big, one, 1.0, d, big,
	       0.0, d, big); }
static void c9(void) { cblas_dgemv64_(CblasRowMajor, CblasNoTrans, one, big, 1.0, d, big_ld, d, one,
	       0.0, d, one); }
static void e14(void) { sspr2_64_("L", &above, s, s, &one, s, &zero, s, 1); }

/* CBLAS: the reference CBLAS's name and number, or, where this program's
 * xerbla_ hears of it first (as the 32-bit CBLAS entry points have it, and
 * the reference CBLAS linked with a program that has its own xerbla_), the
 * Fortran routine's (fortran, fortran_parameter). */
static const struct {
	const char *what, *name;
	int parameter;
	void (*call)(void);
	const char *fortran;
	int fortran_parameter;
} error_cases[] = {
	{ "dgemm_64_ n = -2^40", "DGEMM", 4, e1, NULL, 0 },
	{ "dgemm_64_ m = 2^34, lda = 2^33", "DGEMM", 8, e2, NULL, 0 },
	{ "dgemm_64_ k = 2^34, ldb = 1", "DGEMM", 10, e3, NULL, 0 },
	{ "sgemm_64_ transb = X, m = -2^40", "SGEMM", 2, e4, NULL, 0 },
	{ "sgemm_64_ transa = T, k = 2^34, lda = 2^33", "SGEMM", 8, e5, NULL, 0 },
	{ "dgemv_64_ m = 2^32, incx = 0", "DGEMV", 8, e6, NULL, 0 },
	{ "zherk_64_ n = -2^40", "ZHERK", 3, e7, NULL, 0 },
	{ "zherk_64_ trans = T, n = 2^34", "ZHERK", 2, e8, NULL, 0 },
	{ "dtrsm_64_ side = X, m = 2^34", "DTRSM", 1, e9, NULL, 0 },
	{ "dtrsm_64_ side = R, n = 2^34, lda = 2^33", "DTRSM", 9, e10, NULL, 0 },
	{ "dger_64_ lda = -2^31 - 1", "DGER", 9, e11, NULL, 0 },
	{ "ztbsv_64_ k = -2^31 - 1", "ZTBSV", 5, e12, NULL, 0 },
	{ "cgbmv_64_ kl = 2^31, lda = 2^31", "CGBMV", 8, e13, NULL, 0 },
	{ "sspr2_64_ n = 2^31, incy = 0", "SSPR2", 7, e14, NULL, 0 },
	{ "dgemm_64_ n = -1 (within 32 bits)", "DGEMM", 4, e15, NULL, 0 },
	{ "cblas_dgemm64_ column major, N = -2^40", "cblas_dgemm", 5, c1, "DGEMM", 4 },
	{ "cblas_sgemm64_ column major, M = 2^34, lda = 2^33", "cblas_sgemm", 9, c2, "SGEMM", 8 },
	{ "cblas_zherk64_ column major, Trans = CblasTrans", "cblas_zherk", 3, c3, "ZHERK", 2 },
	{ "cblas_dger64_ column major, lda = -2^31 - 1", "cblas_dger", 10, c4, "DGER", 9 },
	{ "cblas_dgemv64_ layout 999, M = 2^32", "cblas_dgemv", 1, c5, NULL, 0 },
	{ "cblas_dgemm64_ row major, K = 2^34, lda = 2^33", "cblas_dgemm", 9, c6, "DGEMM", 10 },
	{ "cblas_dger64_ row major, N = 2^34, lda = 2^33", "cblas_dger", 10, c7, "DGER", 9 },
	{ "cblas_zherk64_ row major, Trans = CblasTrans", "cblas_zherk", 3, c8, "ZHERK", 2 },
	{ "cblas_dgemv64_ row major, N = 2^34, lda = 2^33", "cblas_dgemv", 7, c9, "DGEMV", 6 },
	{ "dgemv_64_ trans = Q (within 32 bits)", "DGEMV", 1, e16, NULL, 0 },
};

/* This program's handlers print what they hear; a 64-bit CPU BLAS opened
 * with its own xerbla_ first prints its line: the reference Fortran's
 * "On entry to DGEMM parameter number 4 ...", or the reference CBLAS's
 * "Parameter 4 to routine DGEMM was incorrect" (Debian's libblas64). */
static void heard(const char *by, const char *name, size_t length, long long info)
{
	int n = (int)(length < 6 ? length : 6);
	while (n > 0 && name[n - 1] == ' ')
		n--;
	printf("REPORTED %.*s %lld %s\n", n, name, info, by);
	fflush(stdout);
	_exit(0);
}

void xerbla_64_(const char *name, const int64_t *info, size_t length)
{
	heard("xerbla_64_", name, length, (long long)*info);
}

/* A 64-bit CPU BLAS built without the suffix (Debian's libblas64) calls
 * xerbla_ with its 64-bit INFO; the low half holds the number (x86-64). */
void xerbla_(const char *name, const int *info, size_t length)
{
	heard("xerbla_", name, length, *info);
}

/* Each case in a child process: what reported the error, and how. */
static int errors(void)
{
	for (size_t c = 0; c < sizeof error_cases / sizeof error_cases[0]; c++) {
		int pipe_ends[2];
		if (pipe(pipe_ends) != 0)
			return 1;
		fflush(stdout);
		pid_t child = fork();
		if (child == 0) {
			dup2(pipe_ends[1], 1);
			dup2(pipe_ends[1], 2);
			close(pipe_ends[0]);
			error_cases[c].call();
			printf("NOTHING REPORTED\n");
			fflush(stdout);
			_exit(0);
		}
		close(pipe_ends[1]);
		char text[4096] = "";
		size_t used = 0;
		ssize_t got;
		while (used + 1 < sizeof text &&
		       (got = read(pipe_ends[0], text + used, sizeof text - 1 - used)) > 0)
			used += (size_t)got;
		text[used] = '\0';
		close(pipe_ends[0]);
		waitpid(child, NULL, 0);
		char name[16] = "", by[32] = "a CPU BLAS's own xerbla_";
		long long parameter = -1;
		const char *line = strstr(text, "REPORTED ");
		if (line)
			sscanf(line, "REPORTED %15s %lld %15s", name, &parameter, by);
		else if ((line = strstr(text, "On entry to ")))
			sscanf(line, "On entry to %15s parameter number %lld", name, &parameter);
		else if ((line = strstr(text, "Parameter ")))
			sscanf(line, "Parameter %lld to routine %15s", &parameter, name);
		const char *fortran = error_cases[c].fortran;
		int as_fortran = fortran && strcmp(name, fortran) == 0 &&
				 parameter == error_cases[c].fortran_parameter;
		int as_cblas = strcmp(name, error_cases[c].name) == 0 &&
			       parameter == error_cases[c].parameter;
		if (!as_fortran && !as_cblas) {
			char *end = text + strcspn(text, "\n");
			*end = '\0';
			printf("FAIL %s: expected %s parameter %d, got: %s\n", error_cases[c].what,
			       error_cases[c].name, error_cases[c].parameter, text);
			bad++;
		} else {
			printf("ok   %s: %s parameter %lld (%s)\n", error_cases[c].what, name,
			       parameter, by);
		}
	}
	return bad;
}

static void check_value(const char *what, double got, double expected)
{
	if (got != expected) {
		printf("FAIL %s: expected %.17g, got %.17g\n", what, expected, got);
		bad++;
	} else {
		printf("ok   %s = %.17g\n", what, got);
	}
}

static int large(void)
{
	const int64_t n = TWO(31) + 10, zero = 0;
	double x = 3.5, y = 0.0, alpha = 1.0;
	dcopy_64_(&n, &x, &zero, &y, &zero);
	check_value("dcopy_64_ n = 2^31 + 10, increments 0", y, 3.5);
	x = 1.0, y = 0.0;
	daxpy_64_(&n, &alpha, &x, &zero, &y, &zero);
	check_value("daxpy_64_ n = 2^31 + 10, increments 0 (y += 1, n times)", y, (double)n);
	x = 0.5, y = 3.0;
	check_value("ddot_64_ n = 2^31 + 10, increments 0", ddot_64_(&n, &x, &zero, &y, &zero),
		    1.5 * (double)n);
	x = -0.25, y = 3.0;
	check_value("cblas_ddot64_ n = 2^31 + 10, increments 0", cblas_ddot64_(n, &x, 0, &y, 0),
		    -0.75 * (double)n);
	check_value("idamax_64_ n = 2^31 + 10, incx 0", (double)idamax_64_(&n, &x, &zero), 0.0);
	/* libblastrampoline's probe of an ILP64 library (suffix 64_): isamax
	 * with n 3 in the low half and negative as a whole must answer 0 */
	const int64_t probe_n = (int64_t)0xffffffff00000003u, inc = 1;
	const float probe_x[3] = { 1.0f, 2.0f, 1.0f };
	check_value("isamax_64_ n = 0xffffffff00000003 (libblastrampoline's probe)",
		    (double)isamax_64_(&probe_n, probe_x, &inc), 0.0);
	/* one element, increments beyond 32 bits: the 32-bit call with 1 */
	const int64_t one = 1, far = TWO(40), back = -TWO(35);
	const int one32 = 1;
	double xs = 0.1, ys = 0.7, ys32 = 0.7;
	alpha = 3.0;
	daxpy_64_(&one, &alpha, &xs, &far, &ys, &back);
	daxpy_(&one32, &alpha, &xs, &one32, &ys32, &one32);
	check_value("daxpy_64_ n = 1, incx = 2^40, incy = -2^35", ys, ys32);
	return bad;
}

/* With a 64-bit CPU BLAS, sdot_64_ is its sdot: one call, which sums in
 * single precision and stops growing at 2^24. */
static int forward(void)
{
	const int64_t n = TWO(31) + 10, zero = 0;
	float x = 1.0f, y = 1.0f;
	check_value("sdot_64_ of 2^31 + 10 ones in the 64-bit CPU BLAS", sdot_64_(&n, &x, &zero, &y,
		    &zero),
		    16777216.0);
	return bad;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	if (strcmp(what, "errors") == 0)
		return errors() ? 1 : 0;
	if (strcmp(what, "large") == 0)
		return large() ? 1 : 0;
	if (strcmp(what, "forward") == 0)
		return forward() ? 1 : 0;
	fprintf(stderr, "usage: beyond errors|large|forward\n");
	return 2;
}
