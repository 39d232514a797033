#include "config.h"

/* The typed BLAS (tf_{dd,ds,dsp,di,df,ts}{gemm,gemv,axpy,dot} and
 * tf_dsgemm_dsarith) against MPFR, every format through one body.
 *
 *   blas [-f FORMAT[,FORMAT...]] SET...
 *
 * Sets:
 *   random     random data of every size class (1, odd sizes, sizes off the
 *              multiples of 16/32/64, a few hundred, k = 0); every
 *              transpose, strides of both signs and 0, padded leading
 *              dimensions
 *   ill        ill-conditioned dot products (condition 1e5 to 1e30) in
 *              every GEMM and GEMV element and DOT, cancelling AXPY
 *   semantics  every transpose option in either case, strides, alpha = 0
 *              (A, B, x full of NaN), beta = 0 (C, y full of NaN), the
 *              quick returns, m = 0 and n = 0, non-finite inputs
 *   args       the return value -i for each illegal argument, the outputs
 *              untouched
 *   tiling     the shapes that cut kernels into tiles: m, n, k about 63,
 *              64, 65, 127, 129 and a few hundred, long vectors
 * The bound of each element is in bounds.c; in the sets random, ill and
 * tiling the same computation in double (float for DF) must fail it
 * somewhere for each routine, or the test could not tell the two apart.
 * One line per case, a summary; exit status 0 when all pass, 1 otherwise,
 * 99 for an error of the test itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cases.h"
static void usage(void)
{
	printf("usage: blas [-f FORMAT[,FORMAT...]] SET... (random ill semantics args tiling)\n");
	exit(99);
}

int main(int argc, char **argv)
{
	static int wanted[FMT_COUNT];
	int first = 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int f = 0; f < FMT_COUNT; f++)
		wanted[f] = 1;
	if (argc > 2 && strcmp(argv[1], "-f") == 0) {
		for (int f = 0; f < FMT_COUNT; f++)
			wanted[f] = 0;
		for (char *name = strtok(argv[2], ","); name; name = strtok(NULL, ",")) {
			enum format f = format_by_name(name);
			if (f == FMT_COUNT)
				usage();
			wanted[f] = 1;
		}
		first = 3;
	}
	if (first >= argc)
		usage();
	print_header("host arrays");
	for (int i = first; i < argc; i++)
		if (run_set(argv[i], wanted) != 0)
			usage();
	return report();
}
