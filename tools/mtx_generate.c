/* mtx-generate: writes one of twofold's test matrices (test/sparse/
 * matrices.h) as a Matrix Market file, for twofold-solve's examples and
 * tests.
 *
 *   mtx-generate poisson2d NX FILE.mtx             5-point Laplacian, NX^2 rows
 *   mtx-generate poisson3d NX FILE.mtx             7-point Laplacian, NX^3 rows
 *   mtx-generate convdiff NX PECLET FILE.mtx       upwind convection-diffusion
 *   mtx-generate jump NX CONTRAST FILE.mtx         jumping-coefficient diffusion
 *   mtx-generate breakdown N FILE.mtx              BiCGStab breaks down (omega)
 *
 * Symmetric matrices are written as symmetric (the lower triangle), the
 * others as general. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/sparse/matrices.h"

static int usage(void)
{
	fputs("usage: mtx-generate poisson2d|poisson3d|breakdown N FILE.mtx\n"
	      "       mtx-generate convdiff N PECLET FILE.mtx\n"
	      "       mtx-generate jump N CONTRAST FILE.mtx\n", stderr);
	return 1;
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return usage();
	const char *kind = argv[1];
	char *end;
	long n = strtol(argv[2], &end, 10);
	if (*end || n < 1 || n > 100000) {
		fprintf(stderr, "mtx-generate: size '%s' is not an integer from 1 to 100000\n",
			argv[2]);
		return 1;
	}
	int with_parameter = strcmp(kind, "convdiff") == 0 || strcmp(kind, "jump") == 0;
	if (argc != (with_parameter ? 5 : 4))
		return usage();
	double parameter = 0;
	if (with_parameter) {
		parameter = strtod(argv[3], &end);
		if (*end || end == argv[3] || !(parameter > 0)) {
			fprintf(stderr, "mtx-generate: '%s' is not a positive number\n", argv[3]);
			return 1;
		}
	}
	/* the entries must fit the CRS arrays' int indices */
	long long rows = strcmp(kind, "poisson3d") == 0 ? (long long)n * n * n :
			 strcmp(kind, "breakdown") == 0 ? n : (long long)n * n;
	if (rows * 7 > 2147483647LL) {
		fprintf(stderr, "mtx-generate: %s %ld has too many entries\n", kind, n);
		return 1;
	}
	struct test_csr m;
	int made;
	if (strcmp(kind, "poisson2d") == 0)
		made = test_poisson2d((int)n, &m);
	else if (strcmp(kind, "poisson3d") == 0)
		made = test_poisson3d((int)n, &m);
	else if (strcmp(kind, "convdiff") == 0)
		made = test_convection_diffusion((int)n, parameter, &m);
	else if (strcmp(kind, "jump") == 0)
		made = test_jumping_coefficient((int)n, parameter, &m);
	else if (strcmp(kind, "breakdown") == 0)
		made = test_breakdown_matrix((int)n, &m);
	else
		return usage();
	if (made != 0) {
		fprintf(stderr, "mtx-generate: out of memory for %s %ld\n", kind, n);
		return 1;
	}
	const char *path = argv[argc - 1];
	int written = test_csr_write_mtx(&m, path, 1);
	test_csr_free(&m);
	if (written != 0) {
		fprintf(stderr, "mtx-generate: cannot write %s\n", path);
		return 1;
	}
	return 0;
}
