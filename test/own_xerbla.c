/* A program's own xerbla_ wins over libtwofold's weak one: it is called once
 * per illegal call, with the reference's routine name and parameter number,
 * both for the routines twofold validates itself and for those the CPU BLAS
 * validates. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include "test/f77_blas.h"

static char last_name[8];
static int last_info, calls;

void xerbla_(const char *name, const int *info, size_t name_len)
{
	snprintf(last_name, sizeof last_name, "%.*s", (int)(name_len < 6 ? name_len : 6), name);
	last_info = *info;
	calls++;
}

static int failures;

static void expect(const char *what, const char *name, int info)
{
	if (calls != 1 || strcmp(last_name, name) != 0 || last_info != info) {
		printf("%s: expected one xerbla_(\"%s\", %d), got %d calls, last (\"%s\", %d)\n",
		       what, name, info, calls, last_name, last_info);
		failures++;
	}
	calls = 0;
	last_name[0] = '\0';
	last_info = 0;
}

int main(void)
{
	double a[16] = { 0 }, b[16] = { 0 }, c[16] = { 0 }, alpha = 1, beta = 0;
	int two = 2, three = 3, minus = -1, one = 1, zero = 0;

	dgemm_("N", "N", &minus, &two, &two, &alpha, a, &two, b, &two, &beta, c, &two, 1, 1);
	expect("dgemm_ m < 0", "DGEMM ", 3);
	dgemm_("N", "T", &two, &three, &two, &alpha, a, &two, b, &two, &beta, c, &two, 1, 1);
	expect("dgemm_ ldb < n", "DGEMM ", 10);
	dgemm_("N", "N", &two, &two, &two, &alpha, a, &two, b, &two, &beta, c, &one, 1, 1);
	expect("dgemm_ ldc < m", "DGEMM ", 13);
	dgemv_("X", &two, &two, &alpha, a, &two, b, &one, &beta, c, &one, 1);
	expect("dgemv_ trans", "DGEMV ", 1);
	dgemv_("N", &two, &two, &alpha, a, &two, b, &zero, &beta, c, &one, 1);
	expect("dgemv_ incx = 0", "DGEMV ", 8);
	dsyrk_("X", "N", &two, &two, &alpha, a, &two, &beta, c, &two, 1, 1);
	expect("dsyrk_ uplo (checked by the CPU BLAS)", "DSYRK ", 1);
	dgemm_("n", "c", &two, &two, &two, &alpha, a, &two, b, &two, &beta, c, &two, 1, 1);
	if (calls) {
		printf("legal dgemm_ call reported as illegal\n");
		failures++;
	}
	printf("%s\n", failures ? "FAILED" : "the program's xerbla_ got every illegal call, once");
	return failures != 0;
}
