// blas2_check: the DD GEMV and AXPY kernels (and the y = beta y kernel) on
// the GPU against the same arithmetic on the host.
//
//   blas2_check [quick]
//
// GEMV: trans N and T, shapes from 1 x 1 to 4099 x 4097 (and 3 x 200000,
// 200000 x 3: long sums, many renormalizations), strides 1, 2, -1
// and -3 for x and y, A aligned or not on 16 bytes and lda even or odd,
// alpha and beta of several kinds (beta = 0 with y full of NaN, which must
// not be read).  Finite results must lie within 1 ulp of the host DD result
// (arith_dd.h compiled for the host: a DD dot product in the natural order,
// alpha and beta in DD, one rounding); where the host DD result is not
// finite but the data are (a sum past the double range that alpha brings
// back), within 1 ulp of the sum formed again scaled (tf_dd_range_dot);
// elsewhere (Inf or NaN placed in A, x or y; results past the range) the
// GPU must give what the reference BLAS gives, as emulated on the host by
// kernels/reference_gemv.cuh: the same bits, NaN against NaN.
// Elements of y between strides must not change, nor anything past A's
// rows.  AXPY: unit and other strides (incx, incy in 1, 2, -1, -3, and 0),
// x and y aligned alike or not; every element must equal the host's
// fma(alpha, x, y), or the reference's y + alpha x where that is not
// finite; incy = 0 applies the updates in order to y(1).
//
// Prints one line per group and the failures (the first few of each); exits
// 0 when everything passes, 1 otherwise.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "bench/cuda_timing.cuh"
#include "kernels/axpy.h"
#include "kernels/gemv.h"
#include "kernels/reference_gemv.cuh"
#include "test/splitmix64.h"
#include "twofold/arith_dd.h"


static const double SENTINEL = -777.25;

static uint64_t rng_state = 2024; /* test/splitmix64.h */
static int irand(int lo, int hi) { return splitmix64_int(&rng_state, lo, hi); }
/* Uniform in [-1, 1), never zero. */
static double urand()
{
	double v = splitmix64_sym(&rng_state);
	return v == 0.0 ? 0.5 : v;
}
static double special() { return splitmix64_nonfinite(&rng_state); }

enum fill { RANDOM, WIDE, NONFINITE, OVERFLOW };
static const char *fill_name[] = { "random", "wide", "nonfinite", "overflow" };

static double value(fill f)
{
	switch (f) {
	case WIDE: return std::ldexp(urand(), irand(-30, 30));
	case OVERFLOW: return std::ldexp(0.5 + 0.5 * std::fabs(urand()), 1020);
	default: return urand();
	}
}

struct group {
	const char *name;
	long cases = 0, elements = 0, nonfinite = 0, failures = 0;
	double worst_ulp = 0;
	bool fail(const char *what)
	{
		if (failures++ < 8)
			std::printf("FAIL %s: %s\n", name, what);
		return false;
	}
	void report() const
	{
		std::printf("%-10s %6ld cases %9ld elements (%ld not finite)  max %.2f ulp  %s (%ld failures)\n",
			    name, cases, elements, nonfinite, worst_ulp, failures ? "FAIL" : "ok", failures);
	}
};

static bool same_bits(double a, double b)
{
	if (std::isnan(a) || std::isnan(b))
		return std::isnan(a) && std::isnan(b);
	return std::memcmp(&a, &b, sizeof a) == 0;
}

static double ulps(double got, double want)
{
	if (got == want)
		return 0.0;
	double w = std::fabs(want);
	double ulp = std::nextafter(w, INFINITY) - w;
	if (!std::isfinite(ulp)) /* want = DBL_MAX */
		ulp = w - std::nextafter(w, 0.0);
	return std::fabs(got - want) / ulp;
}

/* Device copies of host storage, at an offset of `shift` doubles from a
 * 256-byte aligned allocation (shift 1: only 8-byte aligned). */
struct device_array {
	double *base = nullptr, *data = nullptr;
	device_array(const std::vector<double> &host, int shift)
	{
		CHECK(cudaMalloc(&base, (host.size() + 2) * sizeof(double)));
		data = base + shift;
		if (!host.empty())
			CHECK(cudaMemcpy(data, host.data(), host.size() * sizeof(double), cudaMemcpyHostToDevice));
	}
	void get(std::vector<double> &host) const
	{
		if (!host.empty())
			CHECK(cudaMemcpy(host.data(), data, host.size() * sizeof(double), cudaMemcpyDeviceToHost));
	}
	~device_array() { cudaFree(base); }
};

/* ------------------------------------------------------------------ GEMV */

static double host_dd_gemv(const tf_gemv_args &p, int i)
{
	const bool notrans = p.trans == 'N';
	const int lenx = notrans ? p.n : p.m, leny = notrans ? p.m : p.n, k = notrans ? p.n : p.m;
	tf_dd sum = tf_dd_make(0.0, 0.0);
	for (int l = 0; l < k; l++) {
		double a = notrans ? p.a[i + (size_t)l * p.lda] : p.a[l + (size_t)i * p.lda];
		sum = tf_dd_fma(sum, a, p.x[tf::vector_offset(lenx, p.incx, l)]);
	}
	tf_dd r = tf_dd_mul_d(sum, p.alpha);
	if (p.beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(p.beta, p.y[tf::vector_offset(leny, p.incy, i)]));
	return tf_dd_to_double(r);
}

/* y(i) as the kernels form it again when its DD sum is not finite
 * (tf_dd_range_dot): Inf when that does not apply either. */
static double range_gemv(const tf_gemv_args &p, int i)
{
	const bool notrans = p.trans == 'N';
	const int lenx = notrans ? p.n : p.m, leny = notrans ? p.m : p.n, k = lenx;
	const double *x = p.x + tf::vector_offset(lenx, p.incx, 0);
	tf_dd r;
	if (!tf_dd_range_dot(k, notrans ? p.a + i : p.a + (size_t)i * p.lda,
			     notrans ? (ptrdiff_t)p.lda : 1, x, p.incx, p.alpha,
			     tf_dd_make(INFINITY, 0.0), &r))
		return INFINITY;
	if (p.beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(p.beta, p.y[tf::vector_offset(leny, p.incy, i)]));
	return tf_dd_to_double(r);
}

static void gemv_case(group &g, char trans, int m, int n, int lda, int shift, int incx, int incy,
		      double alpha, double beta, fill f)
{
	const bool notrans = trans == 'N';
	const int lenx = notrans ? n : m, leny = notrans ? m : n;
	std::vector<double> a((size_t)lda * n, NAN), x((size_t)lenx * std::abs(incx), NAN);
	std::vector<double> y((size_t)leny * std::abs(incy), SENTINEL);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			a[i + (size_t)j * lda] = value(f);
	for (int i = 0; i < lenx; i++)
		x[tf::vector_offset(lenx, incx, i)] = f == OVERFLOW ? 1.0 + 0.25 * std::fabs(urand()) : value(f);
	for (int i = 0; i < leny; i++)
		y[tf::vector_offset(leny, incy, i)] = beta == 0.0 ? NAN : f == OVERFLOW ? urand() : value(f);
	if (f == NONFINITE) {
		for (int s = irand(1, 4); s > 0; s--) {
			switch (irand(0, 3)) {
			case 0: a[irand(0, m - 1) + (size_t)irand(0, n - 1) * lda] = special(); break;
			case 1: x[tf::vector_offset(lenx, incx, irand(0, lenx - 1))] = special(); break;
			case 2: x[tf::vector_offset(lenx, incx, irand(0, lenx - 1))] = 0.0; break;
			default:
				if (beta != 0.0)
					y[tf::vector_offset(leny, incy, irand(0, leny - 1))] = special();
			}
		}
	}
	device_array da(a, shift), dx(x, 0), dy(y, 0);
	tf_gemv_args p = { trans, m, n, alpha, beta, da.data, lda, dx.data, incx, dy.data, incy, 1.0, 1.0, 1.0 };
	CHECK(tf_kernel_gemv_dd(&p, 0));
	CHECK(cudaDeviceSynchronize());
	std::vector<double> got(y.size());
	dy.get(got);

	tf_gemv_args h = { trans, m, n, alpha, beta, a.data(), lda, x.data(), incx, y.data(), incy, 1.0, 1.0, 1.0 };
	char what[512];
	g.cases++;
	std::vector<char> used(y.size(), 0);
	for (int i = 0; i < leny; i++) {
		size_t e = tf::vector_offset(leny, incy, i);
		used[e] = 1;
		double want = host_dd_gemv(h, i), v = got[e];
		g.elements++;
		bool ok;
		if (std::isfinite(want)) {
			double u = std::isfinite(v) ? ulps(v, want) : INFINITY;
			if (u > g.worst_ulp && std::isfinite(u))
				g.worst_ulp = u;
			ok = u <= 1.0;
		} else if (std::isfinite(want = range_gemv(h, i))) {
			/* the sum left double's range, the result did not: formed
			 * again scaled (twofold/arith_dd.h), within an ulp */
			ok = std::isfinite(v) && ulps(v, want) <= 1.0;
		} else {
			g.nonfinite++;
			want = tf::reference_gemv_element(h, i);
			ok = same_bits(v, want);
		}
		if (!ok) {
			std::snprintf(what, sizeof what,
				      "gemv %c m=%d n=%d lda=%d shift=%d incx=%d incy=%d alpha=%g beta=%g %s: y(%d) = %.17g, "
				      "want %.17g",
				      trans, m, n, lda, shift, incx, incy, alpha, beta, fill_name[f], i, v, want);
			g.fail(what);
		}
	}
	for (size_t e = 0; e < y.size(); e++)
		if (!used[e] && !same_bits(got[e], SENTINEL)) {
			std::snprintf(what, sizeof what, "gemv %c m=%d n=%d incy=%d: y storage %zu between strides changed",
				      trans, m, n, incy, e);
			g.fail(what);
			break;
		}
}

static void gemv_tests(group &g, group &gn, bool quick)
{
	struct shape {
		int m, n;
	};
	const shape shapes[] = { { 1, 1 },    { 1, 7 },     { 7, 1 },     { 2, 2 },     { 3, 5 },
				 { 17, 33 },  { 33, 17 },   { 64, 64 },   { 100, 37 },  { 37, 100 },
				 { 255, 513 }, { 513, 255 }, { 1000, 999 }, { 2048, 300 }, { 300, 2048 },
				 { 3, 200000 }, { 200000, 3 }, { 4099, 4097 } };
	const int incs[] = { 1, 2, -1, -3 };
	const double alphas[] = { 1.0, -0.75, 3.5, 0x1.3p-3 };
	const double betas[] = { 0.0, 1.0, -1.25, 0x1.9p+1 };
	int rotation = 0;
	for (const shape &s : shapes) {
		const bool big = (double)s.m * s.n > 1e6;
		for (char trans : { 'N', 'T' }) {
			for (int ix = 0; ix < 4; ix++)
				for (int iy = 0; iy < 4; iy++) {
					if ((quick || big) && ix != iy && !(ix == 0 && iy == 3))
						continue;
					rotation++;
					const int lda = s.m + (rotation % 3 == 2 ? 1 : rotation % 3 == 1 ? 2 : 0);
					const int shift = rotation % 4 == 3;
					double alpha = alphas[rotation % 4], beta = betas[(rotation / 4) % 4];
					if (rotation % 5 == 0)
						alpha = urand(), beta = urand();
					gemv_case(g, trans, s.m, s.n, lda, shift, incs[ix], incs[iy], alpha, beta,
						  rotation % 7 == 3 ? WIDE : RANDOM);
					if (!big)
						gemv_case(gn, trans, s.m, s.n, lda, shift, incs[ix], incs[iy], alpha,
							  beta, rotation % 3 ? NONFINITE : OVERFLOW);
				}
		}
	}
	/* Every beta kind on y full of NaN where beta = 0; trans 'C'. */
	for (int r = 0; r < 8; r++)
		gemv_case(g, r % 2 ? 'C' : 'T', 40 + r, 50 - r, 40 + r, 0, 1, 1, urand(), 0.0, RANDOM);
}

/* y = beta y. */
static void scale_tests(group &g)
{
	const int incs[] = { 1, 2, -1, -3 };
	const double betas[] = { 0.0, 1.0, 2.5, -0.75 };
	for (int n : { 1, 5, 300, 70001 })
		for (int inc : incs)
			for (double beta : betas) {
				std::vector<double> y((size_t)n * std::abs(inc), SENTINEL);
				for (int i = 0; i < n; i++)
					y[tf::vector_offset(n, inc, i)] = beta == 0.0 ? NAN : urand();
				device_array dy(y, 0);
				CHECK(tf_kernel_scale_vector(n, beta, dy.data, inc, 0));
				CHECK(cudaDeviceSynchronize());
				std::vector<double> got(y.size());
				dy.get(got);
				g.cases++;
				for (size_t e = 0; e < y.size(); e++) {
					g.elements++;
					bool element = y[e] != SENTINEL;
					double want = !element ? SENTINEL : beta == 0.0 ? 0.0 : beta == 1.0 ? y[e] : beta * y[e];
					if (!same_bits(got[e], want)) {
						char what[256];
						std::snprintf(what, sizeof what, "scale n=%d inc=%d beta=%g: storage %zu = %g, want %g",
							      n, inc, beta, e, got[e], want);
						g.fail(what);
						break;
					}
				}
			}
}

/* ------------------------------------------------------------------ AXPY */

static void axpy_case(group &g, int n, int incx, int incy, int xshift, int yshift, double alpha, fill f)
{
	const int sx = incx ? std::abs(incx) : 1, sy = incy ? std::abs(incy) : 1;
	const size_t xsize = incx ? (size_t)n * sx : 1, ysize = incy ? (size_t)n * sy : 1;
	std::vector<double> x(xsize, NAN), y(ysize, SENTINEL);
	for (int i = 0; i < n; i++) {
		x[tf::vector_offset(n, incx, i)] = f == OVERFLOW ? std::ldexp(urand(), 1023) : value(f);
		y[tf::vector_offset(n, incy, i)] = f == OVERFLOW ? std::ldexp(urand(), 1023) : value(f);
	}
	if (f == NONFINITE)
		for (int s = irand(1, 4); s > 0; s--) {
			if (irand(0, 1))
				x[tf::vector_offset(n, incx, irand(0, n - 1))] = special();
			else
				y[tf::vector_offset(n, incy, irand(0, n - 1))] = special();
		}
	device_array dx(x, xshift), dy(y, yshift);
	tf_axpy_args p = { n, alpha, dx.data, incx, dy.data, incy };
	CHECK(tf_kernel_axpy_dd(&p, 0));
	CHECK(cudaDeviceSynchronize());
	std::vector<double> got(y.size());
	dy.get(got);

	std::vector<double> want = y;
	for (int i = 0; i < n; i++) {
		double xi = x[tf::vector_offset(n, incx, i)];
		double *yi = &want[tf::vector_offset(n, incy, i)];
		double r = std::fma(alpha, xi, *yi);
		*yi = std::isfinite(r) ? r : tf::reference_axpy_step(alpha, xi, *yi);
	}
	g.cases++;
	for (size_t e = 0; e < y.size(); e++) {
		g.elements++;
		if (!std::isfinite(want[e]))
			g.nonfinite++;
		if (!same_bits(got[e], want[e])) {
			char what[256];
			std::snprintf(what, sizeof what,
				      "axpy n=%d incx=%d incy=%d shifts %d %d alpha=%g %s: storage %zu = %.17g, want %.17g", n,
				      incx, incy, xshift, yshift, alpha, fill_name[f], e, got[e], want[e]);
			g.fail(what);
			break;
		}
	}
}

static void axpy_tests(group &g, bool quick)
{
	const int incs[] = { 1, 2, -1, -3, 0 };
	int rotation = 0;
	for (int n : { 1, 2, 3, 1000, 1025, 4097, 100003, 1000001 })
		for (int ix = 0; ix < 5; ix++)
			for (int iy = 0; iy < 5; iy++) {
				if (incs[iy] == 0 && n > 100003)
					continue; /* one thread, sequentially: slow */
				if ((quick || n > 100003) && ix != iy && !(ix == 0 && iy != 0))
					continue;
				rotation++;
				double alpha = rotation % 3 == 0 ? urand() : rotation % 3 == 1 ? -2.5 : 0x1.1p-7;
				int xshift = rotation % 4 == 1 || rotation % 4 == 3, yshift = rotation % 4 >= 2;
				for (fill f : { RANDOM, NONFINITE, OVERFLOW })
					axpy_case(g, n, incs[ix], incs[iy], xshift, yshift, alpha, f);
			}
}

int main(int argc, char **argv)
{
	const bool quick = argc > 1 && std::strcmp(argv[1], "quick") == 0;
	cudaDeviceProp prop;
	CHECK(cudaGetDeviceProperties(&prop, 0));
	std::printf("%% blas2_check on %s\n", prop.name);
	group gemv, gemv_nonfinite, scale, axpy;
	gemv.name = "gemv";
	gemv_nonfinite.name = "gemv-inf";
	scale.name = "scale";
	axpy.name = "axpy";
	gemv_tests(gemv, gemv_nonfinite, quick);
	gemv.report();
	gemv_nonfinite.report();
	scale_tests(scale);
	scale.report();
	axpy_tests(axpy, quick);
	axpy.report();
	bool ok = !gemv.failures && !gemv_nonfinite.failures && !scale.failures && !axpy.failures;
	std::printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
