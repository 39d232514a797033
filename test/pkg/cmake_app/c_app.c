/* Built by CMake against an installed twofold (test/pkg/cmake.sh): the
 * library it runs with is the version find_package found, and a DD product
 * through it is exact where double is not. */
#include <stdio.h>
#include <string.h>
#include "twofold.h"

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *);

int main(void)
{
	if (strcmp(tf_version(), TWOFOLD_PACKAGE_VERSION) != 0) {
		printf("tf_version() is %s, find_package found %s\n", tf_version(),
		       TWOFOLD_PACKAGE_VERSION);
		return 1;
	}
	/* A 1x3 by 3x1 product, 1 + 2^-60 - 1: 2^-60 in DD, 0 in double. */
	double a[3] = { 1, 0x1p-60, -1 }, b[3] = { 1, 1, 1 }, c = 0, alpha = 1, beta = 0;
	int m = 1, n = 1, k = 3;
	dgemm_("N", "N", &m, &n, &k, &alpha, a, &m, b, &k, &beta, &c, &m);
	printf("twofold %s, mode %s, dgemm %a\n", tf_version(), tf_mode_name(tf_get_mode()), c);
	if (tf_get_mode() == TF_MODE_DD && c != 0x1p-60) {
		printf("expected 0x1p-60 in dd mode\n");
		return 1;
	}
	return 0;
}
