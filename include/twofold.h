/* twofold: a BLAS that computes in two-term floating point.
 *
 * libtwofold.so exports the standard Fortran BLAS and CBLAS symbols; a program
 * uses them as it uses any BLAS.  This header declares what twofold adds;
 * docs/API.md is its reference, one entry per function.
 *
 * The environment (TWOFOLD_MODE, ...) is read once, at the first call that
 * needs it (a BLAS call, tf_get_mode, a typed routine, ...); a malformed
 * value is reported once on stderr and its default used.
 *
 * Thread safety: every function may be called from several threads at once,
 * provided that no two concurrent calls write the same array (or one writes
 * what another reads).  The first calls initialize the configuration, the
 * CPU BLAS and the GPU once, whichever thread comes first. */
#ifndef TWOFOLD_H
#define TWOFOLD_H

#include <stdint.h>
#include "twofold/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a double-precision call means (TWOFOLD_MODE). */
typedef enum {
	TF_MODE_DD = 0,      /* double in and out, double-double inside (default) */
	TF_MODE_DF = 1,      /* double in and out, double-float inside */
	TF_MODE_FAST = 2,    /* df where the GPU favours it, else native */
	TF_MODE_NATIVE = 3,  /* plain double on the GPU */
	TF_MODE_CPU = 4      /* everything forwarded to the CPU BLAS */
} tf_mode;

/* The mode in force, from TWOFOLD_MODE (an invalid value: TF_MODE_DD, after
 * one message).  The mode asked for: a GPU mode on a machine without a GPU
 * reads as that mode, and its calls run on the CPU BLAS. */
tf_mode tf_get_mode(void);

/* "dd", "df", "fast", "native" or "cpu"; NULL for a value outside tf_mode. */
const char *tf_mode_name(tf_mode mode);

/* The library's version, "MAJOR.MINOR.PATCH", a static string. */
const char *tf_version(void);

/* The path of the CPU BLAS that twofold forwards to, loading it if it is not
 * loaded yet; valid while the library is loaded.  When none can be loaded,
 * the program exits with status 1 after one message naming
 * TWOFOLD_CPU_BLAS, as at a BLAS call. */
const char *tf_cpu_blas_path(void);

/* ------------------------------------------------------------------------
 * Typed extended-precision BLAS.
 *
 * Column-major, BLAS argument order and semantics: trans 'N', 'T' or 'C'
 * (any case; 'C' is 'T' for real data), leading dimensions at least the
 * rows of the array (and 1), strides as in BLAS (negative strides count
 * from the end; GEMV strides nonzero), beta = 0 sets the output without
 * reading it, alpha = 0 reads neither A nor B (nor x).  Each routine
 * returns 0, or -i when its i-th argument (counted in the C call, the
 * arrays of a pair counted one by one) is illegal, and then does nothing;
 * nothing is printed and xerbla_ is not called.  The checks are the
 * reference's: GEMM's trans, m, n, k, lda, ldb, ldc; GEMV's trans, m, n,
 * lda, incx, incy; no AXPY argument is illegal; DOT's result must not be
 * NULL.  A call whose GPU work fails is computed on the CPU, with one line
 * on stderr.
 * The arrays may be in host, managed or device memory (cudaMalloc): the
 * planner runs the call on the GPU when the data lives there or the GPU is
 * faster, on the CPU otherwise (TWOFOLD_MODE=cpu keeps it on the CPU).
 *
 * Formats:
 *   dd   tf_dd arrays, computed in double-double;
 *   ds   triple precision, two arrays: double hi[] and float lo[];
 *   dsp  ds packed: one array of 12-byte tf_ds_packed (for comparison);
 *   di   triple precision, two arrays: double hi[] and int32_t lo[];
 *   df   tf_df arrays, computed in double-float (float's range);
 *   ts   tf_ts arrays, computed in triple-single (float's range).
 * ds, dsp and di are loaded, converted to DD, computed in DD and rounded
 * back once; their scalars (alpha, beta, a dot product) are tf_dd.
 *
 * Accuracy: the products are summed in the working format, alpha and beta
 * applied there, the result rounded once to the storage format; error
 * bounds and measured errors are in docs/ACCURACY.md.  Non-finite inputs
 * give non-finite outputs; the exact Inf or NaN is not specified.
 * ---------------------------------------------------------------------- */

/* C = alpha op(A) op(B) + beta C, C m x n, op(A) m x k, op(B) k x n. */
int tf_ddgemm(char transa, char transb, int m, int n, int k, tf_dd alpha, const tf_dd *a,
	      int lda, const tf_dd *b, int ldb, tf_dd beta, tf_dd *c, int ldc);
int tf_dsgemm(char transa, char transb, int m, int n, int k, tf_dd alpha, const double *a_hi,
	      const float *a_lo, int lda, const double *b_hi, const float *b_lo, int ldb,
	      tf_dd beta, double *c_hi, float *c_lo, int ldc);
/* tf_dsgemm computed in DS arithmetic (double leading words, float
 * trailing words) instead of DD: for comparison; an error of about 2^-76
 * per product and step (the trailing words rounded to float) instead of
 * DD's 2^-104. */
int tf_dsgemm_dsarith(char transa, char transb, int m, int n, int k, tf_dd alpha,
		      const double *a_hi, const float *a_lo, int lda, const double *b_hi,
		      const float *b_lo, int ldb, tf_dd beta, double *c_hi, float *c_lo, int ldc);
int tf_dspgemm(char transa, char transb, int m, int n, int k, tf_dd alpha,
	       const tf_ds_packed *a, int lda, const tf_ds_packed *b, int ldb, tf_dd beta,
	       tf_ds_packed *c, int ldc);
int tf_digemm(char transa, char transb, int m, int n, int k, tf_dd alpha, const double *a_hi,
	      const int32_t *a_lo, int lda, const double *b_hi, const int32_t *b_lo, int ldb,
	      tf_dd beta, double *c_hi, int32_t *c_lo, int ldc);
int tf_dfgemm(char transa, char transb, int m, int n, int k, tf_df alpha, const tf_df *a,
	      int lda, const tf_df *b, int ldb, tf_df beta, tf_df *c, int ldc);
int tf_tsgemm(char transa, char transb, int m, int n, int k, tf_ts alpha, const tf_ts *a,
	      int lda, const tf_ts *b, int ldb, tf_ts beta, tf_ts *c, int ldc);

/* y = alpha op(A) x + beta y, A m x n. */
int tf_ddgemv(char trans, int m, int n, tf_dd alpha, const tf_dd *a, int lda, const tf_dd *x,
	      int incx, tf_dd beta, tf_dd *y, int incy);
int tf_dsgemv(char trans, int m, int n, tf_dd alpha, const double *a_hi, const float *a_lo,
	      int lda, const double *x_hi, const float *x_lo, int incx, tf_dd beta, double *y_hi,
	      float *y_lo, int incy);
int tf_dspgemv(char trans, int m, int n, tf_dd alpha, const tf_ds_packed *a, int lda,
	       const tf_ds_packed *x, int incx, tf_dd beta, tf_ds_packed *y, int incy);
int tf_digemv(char trans, int m, int n, tf_dd alpha, const double *a_hi, const int32_t *a_lo,
	      int lda, const double *x_hi, const int32_t *x_lo, int incx, tf_dd beta,
	      double *y_hi, int32_t *y_lo, int incy);
int tf_dfgemv(char trans, int m, int n, tf_df alpha, const tf_df *a, int lda, const tf_df *x,
	      int incx, tf_df beta, tf_df *y, int incy);
int tf_tsgemv(char trans, int m, int n, tf_ts alpha, const tf_ts *a, int lda, const tf_ts *x,
	      int incx, tf_ts beta, tf_ts *y, int incy);

/* y = alpha x + y, n elements. */
int tf_ddaxpy(int n, tf_dd alpha, const tf_dd *x, int incx, tf_dd *y, int incy);
int tf_dsaxpy(int n, tf_dd alpha, const double *x_hi, const float *x_lo, int incx, double *y_hi,
	      float *y_lo, int incy);
int tf_dspaxpy(int n, tf_dd alpha, const tf_ds_packed *x, int incx, tf_ds_packed *y, int incy);
int tf_diaxpy(int n, tf_dd alpha, const double *x_hi, const int32_t *x_lo, int incx,
	      double *y_hi, int32_t *y_lo, int incy);
int tf_dfaxpy(int n, tf_df alpha, const tf_df *x, int incx, tf_df *y, int incy);
int tf_tsaxpy(int n, tf_ts alpha, const tf_ts *x, int incx, tf_ts *y, int incy);

/* *result = sum x(i) y(i), n elements (0 when n <= 0).  result is a host
 * pointer. */
int tf_dddot(int n, const tf_dd *x, int incx, const tf_dd *y, int incy, tf_dd *result);
int tf_dsdot(int n, const double *x_hi, const float *x_lo, int incx, const double *y_hi,
	     const float *y_lo, int incy, tf_dd *result);
int tf_dspdot(int n, const tf_ds_packed *x, int incx, const tf_ds_packed *y, int incy,
	      tf_dd *result);
int tf_didot(int n, const double *x_hi, const int32_t *x_lo, int incx, const double *y_hi,
	     const int32_t *y_lo, int incy, tf_dd *result);
int tf_dfdot(int n, const tf_df *x, int incx, const tf_df *y, int incy, tf_df *result);
int tf_tsdot(int n, const tf_ts *x, int incx, const tf_ts *y, int incy, tf_ts *result);

/* ------------------------------------------------------------------------
 * Conversions between double and each format.  To a format: the nearest
 * value of the format (exact for dd and ts within float's range; ds, dsp
 * and di hold every double exactly; df rounds to 48 bits, SPLIT).  To
 * double: the nearest double.  The array forms convert n elements with
 * strides as in BLAS, on the CPU (host or managed memory); they check
 * nothing and return 0 (n <= 0 converts nothing).  The scalar forms are
 * pure functions.
 * ---------------------------------------------------------------------- */
tf_dd tf_d2dd(double value);
tf_ds tf_d2ds(double value);
tf_ds_packed tf_d2dsp(double value);
tf_di tf_d2di(double value);
tf_df tf_d2df(double value);
tf_ts tf_d2ts(double value);
double tf_dd2d(tf_dd value);
double tf_ds2d(tf_ds value);
double tf_dsp2d(tf_ds_packed value);
double tf_di2d(tf_di value);
double tf_df2d(tf_df value);
double tf_ts2d(tf_ts value);

/* DS packed element <-> its (hi, lo) pair, exactly. */
tf_ds_packed tf_dsp_set(tf_ds value);
tf_ds tf_dsp_get(tf_ds_packed value);

int tf_d2dd_array(int n, const double *x, int incx, tf_dd *y, int incy);
int tf_d2ds_array(int n, const double *x, int incx, double *y_hi, float *y_lo, int incy);
int tf_d2dsp_array(int n, const double *x, int incx, tf_ds_packed *y, int incy);
int tf_d2di_array(int n, const double *x, int incx, double *y_hi, int32_t *y_lo, int incy);
int tf_d2df_array(int n, const double *x, int incx, tf_df *y, int incy);
int tf_d2ts_array(int n, const double *x, int incx, tf_ts *y, int incy);
int tf_dd2d_array(int n, const tf_dd *x, int incx, double *y, int incy);
int tf_ds2d_array(int n, const double *x_hi, const float *x_lo, int incx, double *y, int incy);
int tf_dsp2d_array(int n, const tf_ds_packed *x, int incx, double *y, int incy);
int tf_di2d_array(int n, const double *x_hi, const int32_t *x_lo, int incx, double *y, int incy);
int tf_df2d_array(int n, const tf_df *x, int incx, double *y, int incy);
int tf_ts2d_array(int n, const tf_ts *x, int incx, double *y, int incy);

/* ------------------------------------------------------------------------
 * Scalar arithmetic: one value at a time, in the format's own arithmetic
 * (twofold/arith_*.h), for the Fortran operators and for callers that want
 * the arithmetic compiled under the library's rules.  Addition and
 * multiplication have the bounds of arith_dd.h, arith_df.h and arith_ts.h;
 * division is a long division with relative error at most about 4u^2 (dd,
 * u = 2^-53), 5u^2 (df, u = 2^-24) and 70u^3 (ts, u = 2^-24).  The
 * conversions between DD and DS, DI and TS are those of the typed BLAS
 * (rounded once; exact towards DD except from TS, within 2^-105).  Pure
 * functions; they never fail.
 * ---------------------------------------------------------------------- */
tf_dd tf_ddadd(tf_dd a, tf_dd b);
tf_dd tf_ddsub(tf_dd a, tf_dd b);
tf_dd tf_ddmul(tf_dd a, tf_dd b);
tf_dd tf_dddiv(tf_dd a, tf_dd b);
tf_df tf_dfadd(tf_df a, tf_df b);
tf_df tf_dfsub(tf_df a, tf_df b);
tf_df tf_dfmul(tf_df a, tf_df b);
tf_df tf_dfdiv(tf_df a, tf_df b);
tf_ts tf_tsadd(tf_ts a, tf_ts b);
tf_ts tf_tssub(tf_ts a, tf_ts b);
tf_ts tf_tsmul(tf_ts a, tf_ts b);
tf_ts tf_tsdiv(tf_ts a, tf_ts b);
tf_ds tf_dd2ds(tf_dd value);
tf_dd tf_ds2dd(tf_ds value);
tf_di tf_dd2di(tf_dd value);
tf_dd tf_di2dd(tf_di value);
tf_ts tf_dd2ts(tf_dd value);
tf_dd tf_ts2dd(tf_ts value);

#ifdef __cplusplus
}
#endif

#endif
