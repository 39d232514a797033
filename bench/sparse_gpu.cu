/* The sparse kernels against cuSPARSE (issue 13's targets), on the 2D
 * five-point Poisson matrix (2048 x 2048 grid) and the 3D seven-point one
 * (160^3), device arrays throughout:
 *   - the device's copy bandwidth (a ceiling for memory-bound kernels);
 *   - SpMV: cusparseSpMV double CSR (the baseline); twofold with double
 *     vectors summed in DD, with DD vectors (tf_dd elements), and the
 *     engine's DD and double products on work vectors; every group size;
 *   - ILU(0) apply, L then U, on the same factors: cusparseSpSV double (the
 *     baseline) against the synchronisation-free solve in DD and double;
 *   - CG and ILU(0)-CG iterations through tf_dcg and tf_ddcg (tolerance
 *     1e-300, two iteration counts: the difference of the times over the
 *     difference of the counts, so that the setup cancels; the median of 5
 *     such pairs), DD against double.
 * One line a measurement: median milliseconds (cudaEvents; host clock for
 * the solver calls, which return when done), the ratio to the baseline,
 * and the target.
 *
 *   sparse_gpu [quick]   (quick: small grids, for a check run) */
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cusparse.h>
#include "bench/cuda_timing.cuh"
#include "gpu/sparse_schedule.h"
#include "kernels/sparse.h"
#include "twofold.h"
#include "twofold/sparse.h"
extern "C" {
#include "test/sparse/matrices.h"
}

#define CHECK_SPARSE(call)                                                             \
	do {                                                                           \
		cusparseStatus_t status_ = (call);                                     \
		if (status_ != CUSPARSE_STATUS_SUCCESS) {                              \
			std::fprintf(stderr, "%s:%d: cuSPARSE status %d\n", __FILE__, \
				     __LINE__, (int)status_);                          \
			std::exit(1);                                                  \
		}                                                                      \
	} while (0)

static void line(const char *matrix, const char *what, double ms, double base, const char *target)
{
	std::printf("%-14s %-52s %9.4f ms  %6.2fx  %s\n", matrix, what, ms, ms / base, target);
}

template <class T> static T *device_copy(const T *host, size_t n)
{
	T *d;
	CHECK(cudaMalloc(&d, n * sizeof(T) + 16));
	if (host)
		CHECK(cudaMemcpy(d, host, n * sizeof(T), cudaMemcpyHostToDevice));
	else
		CHECK(cudaMemset(d, 0, n * sizeof(T) + 16));
	return d;
}

/* ILU(0) in A's pattern (columns increasing, diagonal present), in place:
 * L's multipliers below the diagonal, U on and above it. */
static void ilu0(const test_csr &a, std::vector<double> &lu)
{
	const int n = a.rows;
	lu.assign(a.values, a.values + a.nnz);
	std::vector<int> diag(n), pos(n, -1);
	for (int i = 0; i < n; i++)
		for (int p = a.row_ptr[i]; p < a.row_ptr[i + 1]; p++)
			if (a.col_idx[p] == i)
				diag[i] = p;
	for (int i = 0; i < n; i++) {
		for (int p = a.row_ptr[i]; p < a.row_ptr[i + 1]; p++)
			pos[a.col_idx[p]] = p;
		for (int p = a.row_ptr[i]; p < a.row_ptr[i + 1] && a.col_idx[p] < i; p++) {
			const int k = a.col_idx[p];
			lu[p] /= lu[diag[k]];
			for (int q = diag[k] + 1; q < a.row_ptr[k + 1]; q++)
				if (pos[a.col_idx[q]] >= 0)
					lu[pos[a.col_idx[q]]] -= lu[p] * lu[q];
		}
		for (int p = a.row_ptr[i]; p < a.row_ptr[i + 1]; p++)
			pos[a.col_idx[p]] = -1;
	}
}

/* The factors as op/sparse_op.h's tf_ilu0 holds them. */
struct factor {
	std::vector<int> ptr, col;
	std::vector<double> val;
	tf_csr_arrays arrays() const
	{
		int rows = (int)ptr.size() - 1;
		return tf_csr_arrays{ rows, rows, 0, (int64_t)val.size(), ptr.data(), col.data(), val.data() };
	}
};

static void split(const test_csr &a, const std::vector<double> &lu, factor &l, factor &u)
{
	l.ptr.assign(1, 0);
	u.ptr.assign(1, 0);
	for (int i = 0; i < a.rows; i++) {
		for (int p = a.row_ptr[i]; p < a.row_ptr[i + 1]; p++)
			if (a.col_idx[p] == i) {
				u.col.push_back(i);
				u.val.push_back(lu[p]);
			}
		for (int p = a.row_ptr[i]; p < a.row_ptr[i + 1]; p++) {
			factor &f = a.col_idx[p] < i ? l : u;
			if (a.col_idx[p] != i) {
				f.col.push_back(a.col_idx[p]);
				f.val.push_back(lu[p]);
			}
		}
		l.ptr.push_back((int)l.col.size());
		u.ptr.push_back((int)u.col.size());
	}
}

static tf_sptrsv_device schedule(const factor &f, int upper)
{
	tf_sptrsv_layout layout;
	tf_csr_arrays arrays = f.arrays();
	void *host = tf_sptrsv_schedule(&arrays, upper, &layout);
	if (!host) {
		std::fprintf(stderr, "out of memory\n");
		std::exit(2);
	}
	void *device;
	CHECK(cudaMalloc(&device, layout.bytes));
	CHECK(cudaMemcpy(device, host, layout.bytes, cudaMemcpyHostToDevice));
	std::free(host);
	return tf_sptrsv_at(&layout, device);
}

static double max_relative_difference(const double *a, const double *b, int n)
{
	double d = 0, size = 0;
	for (int i = 0; i < n; i++) {
		d = std::fmax(d, std::fabs(a[i] - b[i]));
		size = std::fmax(size, std::fabs(b[i]));
	}
	return d / size;
}

/* Milliseconds a solve's iteration takes: tf_dcg / tf_ddcg from x = 0 at
 * two iteration counts, the difference of the times over the difference of
 * the counts; the median of REPEATS such pairs (the host clock sees the
 * machine's noise). */
#define REPEATS 5
static double solve_seconds(tf_csr *a, int n, int dd, tf_precond precond, const void *b, void *x,
			    int maxit, int *iterations)
{
	tf_solve_options o;
	tf_solve_options_init(&o);
	o.tol = 1e-300;
	o.maxit = maxit;
	o.precond = precond;
	o.device = TF_DEVICE_GPU;
	tf_solve_result r;
	CHECK(cudaMemset(x, 0, (size_t)n * (dd ? sizeof(tf_dd) : sizeof(double))));
	CHECK(cudaDeviceSynchronize());
	auto start = std::chrono::steady_clock::now();
	int status = dd ? tf_ddcg(a, n, (const tf_dd *)b, (tf_dd *)x, &o, &r)
			: tf_dcg(a, n, (const double *)b, (double *)x, &o, &r);
	auto stop = std::chrono::steady_clock::now();
	if (r.device != TF_DEVICE_GPU || (status != TF_SOLVE_MAX_ITERATIONS && status != TF_SOLVE_CONVERGED)) {
		std::printf("solve failed: status %d on device %d: %s\n", status, (int)r.device, r.message);
		return NAN;
	}
	*iterations = r.iterations;
	return std::chrono::duration<double>(stop - start).count();
}

static double iteration_ms(tf_csr *a, int n, int dd, tf_precond precond, const void *b, void *x,
			   int first, int second)
{
	int i1, i2;
	/* a first call, not counted (one-time costs) */
	if (std::isnan(solve_seconds(a, n, dd, precond, b, x, first, &i1)))
		return NAN;
	std::vector<double> ms;
	for (int k = 0; k < REPEATS; k++) {
		double t1 = solve_seconds(a, n, dd, precond, b, x, first, &i1);
		double t2 = solve_seconds(a, n, dd, precond, b, x, second, &i2);
		if (std::isnan(t1) || std::isnan(t2) || i2 == i1)
			return NAN;
		ms.push_back(1e3 * (t2 - t1) / (i2 - i1));
	}
	std::sort(ms.begin(), ms.end());
	return ms[REPEATS / 2];
}

static void bench_matrix(test_csr &m, cusparseHandle_t handle)
{
	const int n = m.rows;
	const int64_t nnz = m.nnz;
	const char *name = m.name;
	int *row_ptr = device_copy(m.row_ptr, n + 1), *col_idx = device_copy(m.col_idx, nnz);
	double *values = device_copy(m.values, nnz);
	std::vector<double> ones(n, 1.0), ones_dd(2 * (size_t)n, 0.0), host(n), host2(n);
	for (int i = 0; i < n; i++)
		ones_dd[2 * i] = 1.0 + i % 7 * 0x1p-60;
	double *x = device_copy(ones.data(), n), *y = device_copy<double>(nullptr, n);
	double *x_dd = device_copy(ones_dd.data(), 2 * (size_t)n), *y_dd = device_copy<double>(nullptr, 2 * (size_t)n);
	tf_dd *partials = device_copy<tf_dd>(nullptr, TF_SPARSE_PARTIALS + 1);
	std::printf("%-14s %d rows, %lld nonzeros, %d threads a row\n", name, n, (long long)nnz,
		    tf_kernel_spmv_threads(n, nnz));

	/* SpMV. */
	cusparseSpMatDescr_t a;
	cusparseDnVecDescr_t vx, vy;
	CHECK_SPARSE(cusparseCreateCsr(&a, n, n, nnz, row_ptr, col_idx, values, CUSPARSE_INDEX_32I,
				       CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
	CHECK_SPARSE(cusparseCreateDnVec(&vx, n, x, CUDA_R_64F));
	CHECK_SPARSE(cusparseCreateDnVec(&vy, n, y, CUDA_R_64F));
	const double one = 1.0, zero = 0.0;
	size_t buffer_size = 0;
	CHECK_SPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, vx, &zero, vy,
					     CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &buffer_size));
	void *buffer;
	CHECK(cudaMalloc(&buffer, buffer_size + 16));
	const double cusparse_ms = median_ms([&] {
		CHECK_SPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, vx, &zero, vy,
					  CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, buffer));
	}, 50);
	const double bytes = 12.0 * nnz + 4.0 * (n + 1) + 16.0 * n;
	char what[128];
	std::snprintf(what, sizeof what, "cusparseSpMV double CSR (%.0f GB/s)", bytes / cusparse_ms * 1e-6);
	line(name, what, cusparse_ms, cusparse_ms, "baseline");
	CHECK(cudaMemcpy(host2.data(), y, n * sizeof(double), cudaMemcpyDeviceToHost));
	tf_sparse_device_csr csr = { n, n, 0, nnz, row_ptr, col_idx, values };
	const tf_dd dd_one = { 1.0, 0.0 }, dd_zero = { 0.0, 0.0 };
	for (int t = 0; t <= 32; t = t ? 2 * t : 1) {
		double ms = median_ms([&] {
			CHECK(tf_kernel_spmv(&csr, t, TF_SPARSE_D, dd_one, dd_zero, tf_array{ x, nullptr },
					     tf_array{ y, nullptr }, 0));
		}, 50);
		std::snprintf(what, sizeof what, "twofold SpMV D vectors, DD sums, %s%d threads", t ? "" : "chosen ",
			      t ? t : tf_kernel_spmv_threads(n, nnz));
		line(name, what, ms, cusparse_ms, t ? "" : "target <= 1.15x");
	}
	CHECK(cudaMemcpy(host.data(), y, n * sizeof(double), cudaMemcpyDeviceToHost));
	std::printf("%-14s SpMV D against cuSPARSE: max relative difference %.2e\n", name,
		    max_relative_difference(host.data(), host2.data(), n));
	for (int t = 0; t <= 32; t = t ? 2 * t : 1) {
		double ms = median_ms([&] {
			CHECK(tf_kernel_spmv(&csr, t, TF_SPARSE_DD, dd_one, dd_zero, tf_array{ x_dd, nullptr },
					     tf_array{ y_dd, nullptr }, 0));
		}, 50);
		std::snprintf(what, sizeof what, "twofold SpMV DD vectors (tf_dd), %s%d threads", t ? "" : "chosen ",
			      t ? t : tf_kernel_spmv_threads(n, nnz));
		line(name, what, ms, cusparse_ms, t ? "" : "target <= 1.5x");
	}
	tf_work_vector in_dd = { x_dd, x_dd + n }, out_dd = { y_dd, y_dd + n }, in_d = { x, nullptr },
		       out_d = { y, nullptr };
	double ms = median_ms([&] { CHECK(tf_kernel_work_spmv(&csr, 0, in_dd, out_dd, nullptr, partials, nullptr, 0)); }, 50);
	line(name, "engine SpMV DD work vectors (hi[], lo[])", ms, cusparse_ms, "");
	ms = median_ms([&] {
		CHECK(tf_kernel_work_spmv(&csr, 0, in_dd, out_dd, nullptr, partials, partials + TF_SPARSE_PARTIALS, 0));
	}, 50);
	line(name, "engine SpMV DD work vectors + dot", ms, cusparse_ms, "");
	ms = median_ms([&] { CHECK(tf_kernel_work_spmv(&csr, 0, in_d, out_d, nullptr, partials, nullptr, 0)); }, 50);
	line(name, "engine SpMV double work vectors", ms, cusparse_ms, "");

	/* ILU(0) apply: cuSPARSE on the factors in A's pattern, twofold on the
	 * same factors split as tf_ilu0 holds them. */
	std::vector<double> lu;
	ilu0(m, lu);
	factor l, u;
	split(m, lu, l, u);
	double *lu_values = device_copy(lu.data(), nnz);
	double *z = device_copy<double>(nullptr, 2 * (size_t)n);
	cusparseSpMatDescr_t ml, mu;
	cusparseDnVecDescr_t vz;
	CHECK_SPARSE(cusparseCreateDnVec(&vz, n, z, CUDA_R_64F));
	CHECK_SPARSE(cusparseCreateCsr(&ml, n, n, nnz, row_ptr, col_idx, lu_values, CUSPARSE_INDEX_32I,
				       CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
	CHECK_SPARSE(cusparseCreateCsr(&mu, n, n, nnz, row_ptr, col_idx, lu_values, CUSPARSE_INDEX_32I,
				       CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
	cusparseFillMode_t lower = CUSPARSE_FILL_MODE_LOWER, upper = CUSPARSE_FILL_MODE_UPPER;
	cusparseDiagType_t unit = CUSPARSE_DIAG_TYPE_UNIT, non_unit = CUSPARSE_DIAG_TYPE_NON_UNIT;
	CHECK_SPARSE(cusparseSpMatSetAttribute(ml, CUSPARSE_SPMAT_FILL_MODE, &lower, sizeof lower));
	CHECK_SPARSE(cusparseSpMatSetAttribute(ml, CUSPARSE_SPMAT_DIAG_TYPE, &unit, sizeof unit));
	CHECK_SPARSE(cusparseSpMatSetAttribute(mu, CUSPARSE_SPMAT_FILL_MODE, &upper, sizeof upper));
	CHECK_SPARSE(cusparseSpMatSetAttribute(mu, CUSPARSE_SPMAT_DIAG_TYPE, &non_unit, sizeof non_unit));
	cusparseSpSVDescr_t sl, su;
	CHECK_SPARSE(cusparseSpSV_createDescr(&sl));
	CHECK_SPARSE(cusparseSpSV_createDescr(&su));
	size_t lsize, usize;
	CHECK_SPARSE(cusparseSpSV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, ml, vx, vz, CUDA_R_64F,
					     CUSPARSE_SPSV_ALG_DEFAULT, sl, &lsize));
	CHECK_SPARSE(cusparseSpSV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, mu, vz, vy, CUDA_R_64F,
					     CUSPARSE_SPSV_ALG_DEFAULT, su, &usize));
	void *lbuffer, *ubuffer;
	CHECK(cudaMalloc(&lbuffer, lsize + 16));
	CHECK(cudaMalloc(&ubuffer, usize + 16));
	CHECK_SPARSE(cusparseSpSV_analysis(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, ml, vx, vz, CUDA_R_64F,
					   CUSPARSE_SPSV_ALG_DEFAULT, sl, lbuffer));
	CHECK_SPARSE(cusparseSpSV_analysis(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, mu, vz, vy, CUDA_R_64F,
					   CUSPARSE_SPSV_ALG_DEFAULT, su, ubuffer));
	const double spsv_ms = median_ms([&] {
		CHECK_SPARSE(cusparseSpSV_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, ml, vx, vz, CUDA_R_64F,
						CUSPARSE_SPSV_ALG_DEFAULT, sl));
		CHECK_SPARSE(cusparseSpSV_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, mu, vz, vy, CUDA_R_64F,
						CUSPARSE_SPSV_ALG_DEFAULT, su));
	}, 10);
	line(name, "cusparseSpSV ILU(0) apply, L then U, double", spsv_ms, spsv_ms, "baseline");
	CHECK(cudaMemcpy(host2.data(), y, n * sizeof(double), cudaMemcpyDeviceToHost));
	tf_sptrsv_device tl = schedule(l, 0), tu = schedule(u, 1);
	double *z_dd = device_copy<double>(nullptr, 2 * (size_t)n);
	/* b for the DD solves: pairs (1, 0), the same b as cuSPARSE's. */
	std::vector<double> pairs(2 * (size_t)n, 0.0);
	for (int i = 0; i < n; i++)
		pairs[2 * (size_t)i] = 1.0;
	double *b_dd = device_copy(pairs.data(), 2 * (size_t)n);
	/* The solves on the default number of warps, then on others. */
	const int all = (n + 31) / 32;
	const int warp_counts[] = { 0, 132, 264, 528, 1056, 2112, 4224, 8448, all };
	for (int w : warp_counts) {
		if (w > all)
			continue;
		ms = median_ms([&] {
			CHECK(tf_kernel_sptrsv(&tl, w, 0, x, z, 0));
			CHECK(tf_kernel_sptrsv(&tu, w, 0, z, y, 0));
		}, 10);
		std::snprintf(what, sizeof what, "twofold ILU(0) apply double, %s%d warps", w ? "" : "default ",
			      w ? w : tf_kernel_sptrsv_warps(&tl));
		line(name, what, ms, spsv_ms, "");
	}
	std::printf("%-14s ILU(0) factors: %d levels in L, %d in U\n", name, tl.levels, tu.levels);
	CHECK(cudaMemcpy(host.data(), y, n * sizeof(double), cudaMemcpyDeviceToHost));
	std::printf("%-14s ILU apply double against cuSPARSE: max relative difference %.2e\n", name,
		    max_relative_difference(host.data(), host2.data(), n));
	for (int w : warp_counts) {
		if (w > all)
			continue;
		ms = median_ms([&] {
			CHECK(tf_kernel_sptrsv(&tl, w, 1, b_dd, z_dd, 0));
			CHECK(tf_kernel_sptrsv(&tu, w, 1, z_dd, y_dd, 0));
		}, 10);
		std::snprintf(what, sizeof what, "twofold ILU(0) apply DD vectors, %s%d warps", w ? "" : "default ",
			      w ? w : tf_kernel_sptrsv_warps(&tl));
		line(name, what, ms, spsv_ms, w ? "" : "target <= 1x (2x at most)");
	}
	CHECK(cudaMemcpy(pairs.data(), y_dd, 2 * (size_t)n * sizeof(double), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++)
		host[i] = pairs[2 * (size_t)i];
	std::printf("%-14s ILU apply DD (hi) against cuSPARSE: max relative difference %.2e\n", name,
		    max_relative_difference(host.data(), host2.data(), n));
	/* As the engine applies it: work vectors in and out. */
	ms = median_ms([&] {
		CHECK(tf_kernel_work_to_pairs(n, in_dd, z, 0));
		CHECK(tf_kernel_sptrsv(&tl, 0, 1, z, z_dd, 0));
		CHECK(tf_kernel_sptrsv(&tu, 0, 1, z_dd, z, 0));
		CHECK(tf_kernel_work_from_pairs(n, z, out_dd, 0));
	}, 10);
	line(name, "twofold ILU(0) apply DD, work vectors in and out", ms, spsv_ms, "target <= 1x (2x at most)");

	/* The engine's vector operations, DD against double (what a CG
	 * iteration adds to the product). */
	{
		double *vectors = device_copy<double>(nullptr, 8 * (size_t)n);
		tf_work_vector v[4], w[4];
		for (int k = 0; k < 4; k++) {
			v[k] = tf_work_vector{ vectors + 2 * (size_t)k * n, vectors + (2 * (size_t)k + 1) * n };
			w[k] = tf_work_vector{ vectors + 2 * (size_t)k * n, nullptr };
		}
		const tf_dd half = { 0.5, 0.0 };
		double d_ms = median_ms([&] { CHECK(tf_kernel_work_cg_update(n, w[0], w[1], w[2], w[3], half, partials, partials + TF_SPARSE_PARTIALS, 0)); }, 50);
		line(name, "engine cg_update double", d_ms, d_ms, "");
		ms = median_ms([&] { CHECK(tf_kernel_work_cg_update(n, v[0], v[1], v[2], v[3], half, partials, partials + TF_SPARSE_PARTIALS, 0)); }, 50);
		line(name, "engine cg_update DD", ms, d_ms, "");
		d_ms = median_ms([&] { CHECK(tf_kernel_work_axpby(n, w[0], half, w[1], half, 0)); }, 50);
		line(name, "engine axpby double", d_ms, d_ms, "");
		ms = median_ms([&] { CHECK(tf_kernel_work_axpby(n, v[0], half, v[1], half, 0)); }, 50);
		line(name, "engine axpby DD", ms, d_ms, "");
		d_ms = median_ms([&] { CHECK(tf_kernel_work_dot(n, w[0], w[1], partials, partials + TF_SPARSE_PARTIALS, 0)); }, 50);
		line(name, "engine dot double", d_ms, d_ms, "");
		ms = median_ms([&] { CHECK(tf_kernel_work_dot(n, v[0], v[1], partials, partials + TF_SPARSE_PARTIALS, 0)); }, 50);
		line(name, "engine dot DD", ms, d_ms, "");
		cudaFree(vectors);
	}

	/* CG iterations through the library, device arrays. */
	tf_csr *matrix = tf_csr_create(n, n, 0, row_ptr, col_idx, values);
	if (tf_csr_status(matrix) != 0) {
		std::printf("tf_csr_create: %s\n", tf_csr_message(matrix));
		std::exit(1);
	}
	std::vector<double> b(n);
	test_csr_multiply(&m, ones.data(), b.data());
	std::vector<double> b2(2 * (size_t)n, 0.0);
	for (int i = 0; i < n; i++)
		b2[2 * i] = b[i];
	double *db = device_copy(b.data(), n), *dx = device_copy<double>(nullptr, n);
	double *db_dd = device_copy(b2.data(), 2 * (size_t)n), *dx_dd = device_copy<double>(nullptr, 2 * (size_t)n);
	const double cg_d = iteration_ms(matrix, n, 0, TF_PRECOND_NONE, db, dx, 20, 220);
	line(name, "CG iteration double (tf_dcg)", cg_d, cg_d, "baseline");
	line(name, "CG iteration DD (tf_ddcg)", iteration_ms(matrix, n, 1, TF_PRECOND_NONE, db_dd, dx_dd, 20, 220),
	     cg_d, "target <= 1.6x");
	const double ilu_d = iteration_ms(matrix, n, 0, TF_PRECOND_ILU0, db, dx, 5, 25);
	line(name, "ILU(0)-CG iteration double (tf_dcg)", ilu_d, ilu_d, "baseline");
	line(name, "ILU(0)-CG iteration DD (tf_ddcg)",
	     iteration_ms(matrix, n, 1, TF_PRECOND_ILU0, db_dd, dx_dd, 5, 25), ilu_d, "target <= 1.5x");
	line(name, "ILU(0)-CG iteration double against cuSPARSE's apply", ilu_d, spsv_ms, "(information)");
	tf_csr_destroy(matrix);

	cusparseDestroySpMat(a);
	cusparseDestroySpMat(ml);
	cusparseDestroySpMat(mu);
	cusparseDestroyDnVec(vx);
	cusparseDestroyDnVec(vy);
	cusparseDestroyDnVec(vz);
	cusparseSpSV_destroyDescr(sl);
	cusparseSpSV_destroyDescr(su);
	void *allocated[] = { row_ptr, col_idx, values, x, y, x_dd, y_dd, partials, buffer, lu_values, z,
			      lbuffer, ubuffer, z_dd, b_dd, db, dx, db_dd, dx_dd,
			      (void *)tl.values, (void *)tu.values };
	for (void *p : allocated)
		cudaFree(p);
}

int main(int argc, char **argv)
{
	const bool quick = argc > 1 && std::strcmp(argv[1], "quick") == 0;
	cudaDeviceProp prop;
	CHECK(cudaGetDeviceProperties(&prop, 0));
	std::printf("device: %s, %d SMs, %.0f GB memory\n", prop.name, prop.multiProcessorCount,
		    prop.totalGlobalMem * 1e-9);
	/* The copy ceiling: a device-to-device copy reads and writes. */
	const size_t bytes = (size_t)512 << 20;
	void *from, *to;
	CHECK(cudaMalloc(&from, bytes));
	CHECK(cudaMalloc(&to, bytes));
	CHECK(cudaMemset(from, 1, bytes));
	double ms = median_ms([&] { CHECK(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToDevice, 0)); }, 20);
	std::printf("copy ceiling: %.0f GB/s (cudaMemcpy device to device, %zu MiB, read + write)\n",
		    2.0 * bytes / ms * 1e-6, bytes >> 20);
	CHECK(cudaFree(from));
	CHECK(cudaFree(to));
	cusparseHandle_t handle;
	CHECK_SPARSE(cusparseCreate(&handle));
	test_csr m;
	test_poisson2d(quick ? 256 : 2048, &m);
	bench_matrix(m, handle);
	test_csr_free(&m);
	test_poisson3d(quick ? 40 : 160, &m);
	bench_matrix(m, handle);
	test_csr_free(&m);
	cusparseDestroy(handle);
	return 0;
}
