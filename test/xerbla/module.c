/* A module with its own xerbla_, as a Python extension (numpy's
 * lapack_lite) has one: loaded RTLD_LOCAL by test/xerbla/routing.c, it
 * calls dgemm_ with an illegal TRANSA and xerbla_ itself (as its own LAPACK
 * does), and counts what its xerbla_ hears. */
#include <stddef.h>
#include <stdio.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);

static int heard;
static char last_name[8];
static int last_info;

void xerbla_(const char *name, const int *info, size_t name_len)
{
	snprintf(last_name, sizeof last_name, "%.*s", (int)(name_len < 6 ? name_len : 6), name);
	last_info = *info;
	heard++;
}

/* Makes the two calls; returns how many of them its xerbla_ heard as
 * expected, printing what went otherwise. */
int module_errors(void)
{
	int good = 0, one = 1, five = 5;
	double alpha = 1, beta = 0, a[1] = { 0 }, b[1] = { 0 }, c[1] = { 0 };
	heard = 0;
	dgemm_("X", "N", &one, &one, &one, &alpha, a, &one, b, &one, &beta, c, &one, 1, 1);
	if (heard == 1 && last_info == 1 && !__builtin_strcmp(last_name, "DGEMM "))
		good++;
	else
		printf("dgemm_ with TRANSA 'X': the module's xerbla_ heard %d calls (last %s %d)\n",
		       heard, last_name, last_info);
	heard = 0;
	xerbla_("DORGQR", &five, 6);
	if (heard == 1 && last_info == 5 && !__builtin_strcmp(last_name, "DORGQR"))
		good++;
	else
		printf("xerbla_ called by the module: its own heard %d calls\n", heard);
	return good;
}
