/* df mode on the GPU (run with TWOFOLD_MODE=df TWOFOLD_GPU_MIN_FLOPS=0):
 * dgemm_ (every transpose), dgemv_ (N and T, strides) and daxpy_ within the
 * DF bound of the exact result, for data in a modest range, data far outside
 * float's range (which twofold must scale), and data whose range no scale
 * can fit into float (which must take DD).  Bound, per element:
 *   |got - exact| <= 1 ulp(exact) + (k + 2) 2^-46 S,
 * S the sum of the magnitudes of the terms (alpha a b, beta c) and k the
 * length of the dot product: each product of two split doubles and each DF
 * addition errs by about 2^-48 of its magnitude. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "test/f77_blas.h"
#include "twofold/arith_dd.h"

#define N 97
static unsigned seed = 5;
static int failures;
static double worst;

static double random_value(int spread)
{
	double u = (double)rand_r(&seed) / RAND_MAX - 0.5;
	return ldexp(u, spread ? rand_r(&seed) % (2 * spread + 1) - spread : 0);
}

static void check(const char *what, double got, tf_dd exact, double size, int k)
{
	double nearest = tf_dd_to_double(exact);
	double ulp = nextafter(fabs(nearest), INFINITY) - fabs(nearest);
	double bound = ulp + (k + 2) * ldexp(size, -46);
	double error = fabs(tf_dd_add_d(exact, -got).hi);
	if (bound > 0 && error / bound > worst)
		worst = error / bound;
	if (!(error <= bound) && failures++ < 10)
		printf("%s: expected %.17g, got %.17g (error %.3g, bound %.3g)\n", what, nearest, got,
		       error, bound);
}

/* Elements scaled by 2^offset, spread over 2^-spread .. 2^spread. */
static void run(const char *label, int offset, int spread)
{
	static double a[N * N], b[N * N], c[N * N], c0[N * N], x[2 * N], y[3 * N], y0[3 * N];
	for (int i = 0; i < N * N; i++) {
		a[i] = ldexp(random_value(spread), offset);
		b[i] = ldexp(random_value(spread), -offset / 2);
		c0[i] = random_value(spread);
	}
	for (int i = 0; i < 2 * N; i++)
		x[i] = ldexp(random_value(spread), -offset);
	for (int i = 0; i < 3 * N; i++)
		y0[i] = random_value(spread);
	int n = N, two = 2, minus3 = -3;
	double alpha = -0.75, beta = 1.5;
	const char *trans[] = { "N", "T" };
	for (int ta = 0; ta < 2; ta++)
		for (int tb = 0; tb < 2; tb++) {
			for (int i = 0; i < N * N; i++)
				c[i] = c0[i];
			dgemm_(trans[ta], trans[tb], &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n, 1, 1);
			for (int j = 0; j < N; j++)
				for (int i = 0; i < N; i++) {
					tf_dd s = tf_dd_make(0, 0);
					double size = fabs(beta * c0[i + j * N]);
					for (int l = 0; l < N; l++) {
						double ail = ta ? a[l + i * N] : a[i + l * N];
						double blj = tb ? b[j + l * N] : b[l + j * N];
						s = tf_dd_fma(s, ail, blj);
						size += fabs(alpha * ail * blj);
					}
					s = tf_dd_add(tf_dd_mul_d(s, alpha), tf_two_prod(beta, c0[i + j * N]));
					check(label, c[i + j * N], s, size, N);
				}
		}
	for (int t = 0; t < 2; t++) {
		for (int i = 0; i < 3 * N; i++)
			y[i] = y0[i];
		dgemv_(trans[t], &n, &n, &alpha, a, &n, x, &two, &beta, y, &minus3, 1);
		for (int i = 0; i < N; i++) {
			tf_dd s = tf_dd_make(0, 0);
			int at = (N - 1 - i) * 3;
			double size = fabs(beta * y0[at]);
			for (int l = 0; l < N; l++) {
				double a_il = t ? a[l + i * N] : a[i + l * N];
				s = tf_dd_fma(s, a_il, x[2 * l]);
				size += fabs(alpha * a_il * x[2 * l]);
			}
			s = tf_dd_add(tf_dd_mul_d(s, alpha), tf_two_prod(beta, y0[at]));
			check(label, y[at], s, size, N);
		}
	}
	for (int i = 0; i < 3 * N; i++)
		y[i] = y0[i];
	daxpy_(&n, &alpha, x, &two, y, &minus3);
	for (int i = 0; i < N; i++) {
		int at = (N - 1 - i) * 3;
		tf_dd s = tf_dd_add_d(tf_two_prod(alpha, x[2 * i]), y0[at]);
		check(label, y[at], s, fabs(alpha * x[2 * i]) + fabs(y0[at]), 1);
	}
}

int main(void)
{
	run("modest range", 0, 10);
	run("beyond float's range", 400, 10);
	run("below float's range", -400, 10);
	run("too wide for any scale", 0, 300);
	printf("worst error: %.3g of the DF bound; %d failures\n", worst, failures);
	return failures != 0;
}
