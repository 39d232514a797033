// reference_gemv_check: the emulation of the reference BLAS in
// kernels/reference_gemv.cuh, compiled for the host, against the reference
// library itself (Netlib DGEMV and DAXPY), on small problems full of zeros,
// Inf and NaN.  Needs no GPU.
//
//   reference_gemv_check        (linked with the reference libblas.so.3)
//
// Every element of y must come out with the same bits as the reference's
// (NaN against NaN whatever the payload; the count of payload differences is
// printed).  The data are integers in -3..3, zeros included, with Inf and
// NaN placed one to three at a time in A, x and y, under alpha in {1, -1, 2,
// 0.5, NaN, Inf} and beta in {0, 1, -1, 2, 0.5, NaN, Inf}; beta = 0 runs
// with y full of NaN, which neither may read.  Exits non-zero on a mismatch.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include "kernels/reference_gemv.cuh"
#include "test/f77_blas.h"
#include "test/splitmix64.h"


static uint64_t state = 12345; /* test/splitmix64.h */
static int irand(int lo, int hi) { return splitmix64_int(&state, lo, hi); }
static double special() { return splitmix64_nonfinite(&state); }

static bool same(double a, double b, long &payload)
{
	if (std::isnan(a) || std::isnan(b)) {
		if (!(std::isnan(a) && std::isnan(b)))
			return false;
		if (std::memcmp(&a, &b, sizeof a) != 0)
			payload++;
		return true;
	}
	return std::memcmp(&a, &b, sizeof a) == 0;
}

/* The counts over the run, and the check of one call: every element of y's
 * storage as the reference left it against the emulation's; print(e) shows
 * a difference at storage index e, for the first `shown` of the run. */
struct tally {
	long cases = 0, elements = 0, bad = 0, payload = 0, nonfinite = 0;
	template <class Print>
	void compare(const std::vector<double> &expected, const std::vector<double> &got, long shown,
		     Print print)
	{
		cases++;
		for (size_t e = 0; e < expected.size(); e++) {
			elements++;
			if (!std::isfinite(expected[e]))
				nonfinite++;
			if (!same(expected[e], got[e], payload) && bad++ < shown)
				print(e);
		}
	}
};

int main()
{
	const double alphas[] = { 1, -1, 2, 0.5, NAN, INFINITY };
	const double betas[] = { 0, 1, -1, 2, 0.5, NAN, INFINITY };
	const int incs[] = { 1, 2, -1, -3 };
	tally t;
	for (int trial = 0; trial < 20000; trial++) {
		const char trans = "NTC"[irand(0, 2)];
		const int m = irand(1, 6), n = irand(1, 6), lda = m + irand(0, 2);
		const int incx = incs[irand(0, 3)], incy = incs[irand(0, 3)];
		const double alpha = alphas[irand(0, 5)], beta = betas[irand(0, 6)];
		const int lenx = trans == 'N' ? n : m, leny = trans == 'N' ? m : n;
		std::vector<double> a((size_t)lda * n, NAN), x((size_t)lenx * std::abs(incx), NAN);
		std::vector<double> y((size_t)leny * std::abs(incy), -777.25);
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++)
				a[i + (size_t)j * lda] = irand(-3, 3);
		for (int i = 0; i < lenx; i++)
			x[tf::vector_offset(lenx, incx, i)] = irand(-3, 3);
		for (int i = 0; i < leny; i++)
			y[tf::vector_offset(leny, incy, i)] = beta == 0 ? NAN : irand(-3, 3);
		for (int s = irand(0, 3); s > 0; s--) {
			switch (irand(0, 2)) {
			case 0: a[irand(0, m - 1) + (size_t)irand(0, n - 1) * lda] = special(); break;
			case 1: x[tf::vector_offset(lenx, incx, irand(0, lenx - 1))] = special(); break;
			default:
				if (beta != 0)
					y[tf::vector_offset(leny, incy, irand(0, leny - 1))] = special();
			}
		}
		std::vector<double> expected = y, got = y;
		dgemv_(&trans, &m, &n, &alpha, a.data(), &lda, x.data(), &incx, &beta, expected.data(), &incy, 1);
		tf_gemv_args p = { trans, m, n, alpha, beta, a.data(), lda, x.data(), incx, y.data(), incy, 1.0, 1.0, 1.0 };
		for (int i = 0; i < leny; i++)
			got[tf::vector_offset(leny, incy, i)] = tf::reference_gemv_element(p, i);
		t.compare(expected, got, 20, [&](size_t e) {
			std::printf("dgemv %c m=%d n=%d lda=%d incx=%d incy=%d alpha=%g beta=%g: "
				    "y storage %zu: reference %g, emulation %g\n",
				    trans, m, n, lda, incx, incy, alpha, beta, e, expected[e], got[e]);
		});
	}
	for (int trial = 0; trial < 5000; trial++) {
		const int n = irand(1, 8), incx = irand(-3, 3), incy = irand(-3, 3);
		const double alpha = alphas[irand(0, 5)];
		const int sx = std::abs(incx) ? std::abs(incx) : 1, sy = std::abs(incy) ? std::abs(incy) : 1;
		std::vector<double> x((size_t)n * sx, NAN), y((size_t)n * sy, -777.25);
		for (int i = 0; i < n; i++) {
			x[tf::vector_offset(n, incx, i)] = irand(-3, 3);
			y[tf::vector_offset(n, incy, i)] = irand(-3, 3);
		}
		if (irand(0, 1))
			x[tf::vector_offset(n, incx, irand(0, n - 1))] = special();
		if (irand(0, 1))
			y[tf::vector_offset(n, incy, irand(0, n - 1))] = special();
		std::vector<double> expected = y, got = y;
		daxpy_(&n, &alpha, x.data(), &incx, expected.data(), &incy);
		for (int i = 0; i < n; i++) {
			double *yi = &got[tf::vector_offset(n, incy, i)];
			*yi = tf::reference_axpy_step(alpha, x[tf::vector_offset(n, incx, i)], *yi);
		}
		t.compare(expected, got, 40, [&](size_t e) {
			std::printf("daxpy n=%d incx=%d incy=%d alpha=%g: y storage %zu: reference %g, "
				    "emulation %g\n",
				    n, incx, incy, alpha, e, expected[e], got[e]);
		});
	}
	std::printf("reference_gemv_check: %ld calls, %ld elements of y (%ld not finite), %ld differ, "
		    "%ld NaNs with other payload bits\n",
		    t.cases, t.elements, t.nonfinite, t.bad, t.payload);
	return t.bad != 0;
}
