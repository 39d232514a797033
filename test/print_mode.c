/* Prints the mode twofold runs in, after one BLAS call (which reads the
 * environment and loads the CPU BLAS): for the environment tests.  Built
 * also against an installed twofold, so it includes nothing of the build. */
#include <stdio.h>
#include "twofold.h"

double ddot_(const int *, const double *, const int *, const double *, const int *);

int main(void)
{
	double x[3] = { 1, 2, 3 };
	int n = 3, one = 1;
	double dot = ddot_(&n, x, &one, x, &one);
	printf("mode %s, ddot %g\n", tf_mode_name(tf_get_mode()), dot);
	return dot != 14.0;
}
