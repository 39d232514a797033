// dgemm_cpu: twofold's dd-mode dgemm on the CPU against the reference dgemm
// and against a dd_real triple loop written with QD, in one run.
//
//   dgemm_cpu LIBTWOFOLD REFERENCE_BLAS [N...]      (default N: 500 1000 2000)
//
// Both BLAS are opened with dlopen, so that one process times both.  One
// line per size (MAGMA style): GFLOP/s (2 n^3 / time) and milliseconds of
// each, the ratios, and the normalized error of each double result against
// the QD result, ||C - C_qd||_max / (n ||A||_max ||B||_max).  The QD loop
// at n >= 1000 is timed on the first QD_COLUMNS columns of C only (its rate
// does not depend on how many columns it computes), and the errors are
// measured on those columns.
#include <dlfcn.h>
#include <qd/dd_real.h>
#include <qd/fpu.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

typedef void dgemm_fn(const char *, const char *, const int *, const int *, const int *,
		      const double *, const double *, const int *, const double *, const int *,
		      const double *, double *, const int *, size_t, size_t);

static const int QD_COLUMNS = 64;

static dgemm_fn *open_dgemm(const char *path)
{
	void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		std::fprintf(stderr, "dgemm_cpu: %s\n", dlerror());
		std::exit(2);
	}
	return reinterpret_cast<dgemm_fn *>(dlsym(library, "dgemm_"));
}

static double seconds_since(std::chrono::steady_clock::time_point start)
{
	return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Best of `repeats` runs of dgemm on an n x n problem, C = A B.
static double time_dgemm(dgemm_fn *dgemm, int n, const std::vector<double> &a,
			 const std::vector<double> &b, std::vector<double> &c, int repeats)
{
	double best = 1e30, one = 1.0, zero = 0.0;
	for (int r = 0; r < repeats; r++) {
		auto start = std::chrono::steady_clock::now();
		dgemm("N", "N", &n, &n, &n, &one, a.data(), &n, b.data(), &n, &zero, c.data(), &n, 1, 1);
		best = std::min(best, seconds_since(start));
	}
	return best;
}

// C(:, 0:columns) = A B(:, 0:columns) with dd_real accumulation.
static double time_qd(int n, int columns, const std::vector<double> &a,
		      const std::vector<double> &b, std::vector<dd_real> &c)
{
	auto start = std::chrono::steady_clock::now();
	for (int j = 0; j < columns; j++)
		for (int i = 0; i < n; i++) {
			dd_real sum = 0.0;
			for (int l = 0; l < n; l++)
				sum += dd_real::mul(a[i + (size_t)l * n], b[l + (size_t)j * n]);
			c[i + (size_t)j * n] = sum;
		}
	return seconds_since(start);
}

static double error_against_qd(int n, int columns, const std::vector<double> &c,
			       const std::vector<dd_real> &exact, double scale)
{
	double worst = 0.0;
	for (int j = 0; j < columns; j++)
		for (int i = 0; i < n; i++) {
			size_t at = i + (size_t)j * n;
			worst = std::max(worst, std::fabs(to_double(dd_real(c[at]) - exact[at])));
		}
	return worst / scale;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		std::fprintf(stderr, "usage: dgemm_cpu LIBTWOFOLD REFERENCE_BLAS [N...]\n");
		return 2;
	}
	unsigned int fpu_state;
	fpu_fix_start(&fpu_state);
	dgemm_fn *twofold = open_dgemm(argv[1]);
	dgemm_fn *reference = open_dgemm(argv[2]);
	std::vector<int> sizes;
	for (int i = 3; i < argc; i++)
		sizes.push_back(std::atoi(argv[i]));
	if (sizes.empty())
		sizes = { 500, 1000, 2000 };

	std::printf("%% n  twofold_GFLOPs twofold_ms  reference_GFLOPs reference_ms  qd_GFLOPs qd_ms(cols)"
		    "  twofold/reference twofold/qd  error_twofold error_reference\n");
	std::mt19937_64 random(20261122);
	std::uniform_real_distribution<double> uniform(-1.0, 1.0);
	for (int n : sizes) {
		size_t size = (size_t)n * n;
		std::vector<double> a(size), b(size), c_twofold(size), c_reference(size);
		std::vector<dd_real> c_qd(size);
		for (size_t i = 0; i < size; i++) {
			a[i] = uniform(random);
			b[i] = uniform(random);
		}
		int repeats = n <= 1000 ? 3 : 1;
		double t_twofold = time_dgemm(twofold, n, a, b, c_twofold, repeats);
		double t_reference = time_dgemm(reference, n, a, b, c_reference, repeats);
		int columns = n < 1000 ? n : QD_COLUMNS;
		double t_qd = time_qd(n, columns, a, b, c_qd);
		double flops = 2.0 * n * n * (double)n, qd_flops = 2.0 * n * n * (double)columns;
		double rate_twofold = flops / t_twofold * 1e-9, rate_reference = flops / t_reference * 1e-9;
		double rate_qd = qd_flops / t_qd * 1e-9;
		double scale = n * 1.0 * 1.0; // n ||A||_max ||B||_max, entries in [-1, 1]
		std::printf("%5d  %8.3f %10.1f  %8.3f %10.1f  %8.3f %8.1f(%d)  %6.2f %6.2f  %9.2e %9.2e\n", n,
			    rate_twofold, t_twofold * 1e3, rate_reference, t_reference * 1e3, rate_qd,
			    t_qd * 1e3, columns, rate_twofold / rate_reference, rate_twofold / rate_qd,
			    error_against_qd(n, columns, c_twofold, c_qd, scale),
			    error_against_qd(n, columns, c_reference, c_qd, scale));
		std::fflush(stdout);
	}
	fpu_fix_end(&fpu_state);
	return 0;
}
