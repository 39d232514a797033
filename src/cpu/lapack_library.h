/* The CPU LAPACK that twofold's LAPACK drivers factor with, and forward to
 * in the modes that do not refine, loaded at run time the way the CPU BLAS
 * is (cpu/blas_library.h): TWOFOLD_CPU_LAPACK when set; otherwise, for each
 * routine, the next definition after libtwofold in lookup order (the
 * program's own LAPACK); otherwise the library chosen at configure time
 * (--with-cpu-lapack), then liblapack.so.3 by the dynamic loader's search,
 * then in the system's library directories.  The factorizations it runs
 * call the BLAS through libtwofold's exports; the drivers run them in
 * native arithmetic (plan/lapack_plan.h). */
#ifndef TF_CPU_LAPACK_LIBRARY_H
#define TF_CPU_LAPACK_LIBRARY_H

/* The routines twofold calls, each with the reference's arguments (complex
 * arrays as pairs of doubles). */
struct tf_cpu_lapack {
#define TF_LAPACK_SOLVERS(T) \
	void (*T##gesv)(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, \
			double *b, const int *ldb, int *info); \
	void (*T##getrf)(const int *m, const int *n, double *a, const int *lda, int *ipiv, \
			 int *info); \
	void (*T##getrs)(const char *trans, const int *n, const int *nrhs, const double *a, \
			 const int *lda, const int *ipiv, double *b, const int *ldb, int *info, \
			 size_t trans_len); \
	void (*T##posv)(const char *uplo, const int *n, const int *nrhs, double *a, \
			const int *lda, double *b, const int *ldb, int *info, size_t uplo_len); \
	void (*T##potrf)(const char *uplo, const int *n, double *a, const int *lda, int *info, \
			 size_t uplo_len); \
	void (*T##potrs)(const char *uplo, const int *n, const int *nrhs, const double *a, \
			 const int *lda, double *b, const int *ldb, int *info, size_t uplo_len);
	TF_LAPACK_SOLVERS(d)
	TF_LAPACK_SOLVERS(z)
#undef TF_LAPACK_SOLVERS
	void (*dsysv)(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
		      int *ipiv, double *b, const int *ldb, double *work, const int *lwork, int *info,
		      size_t uplo_len);
	void (*dsytrs)(const char *uplo, const int *n, const int *nrhs, const double *a,
		       const int *lda, const int *ipiv, double *b, const int *ldb, int *info,
		       size_t uplo_len);
	/* dgels_ and what its refinement solves with: Q of dgeqrf_'s (dgelqf_'s)
	 * reflectors and the triangular factor */
	void (*dgels)(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
		      const int *lda, double *b, const int *ldb, double *work, const int *lwork,
		      int *info, size_t trans_len);
#define TF_LAPACK_APPLY_Q(name) \
	void (*name)(const char *side, const char *trans, const int *m, const int *n, \
		     const int *k, const double *a, const int *lda, const double *tau, double *c, \
		     const int *ldc, double *work, const int *lwork, int *info, size_t side_len, \
		     size_t trans_len);
	TF_LAPACK_APPLY_Q(dormqr)
	TF_LAPACK_APPLY_Q(dormlq)
#undef TF_LAPACK_APPLY_Q
	void (*dtrtrs)(const char *uplo, const char *trans, const char *diag, const int *n,
		       const int *nrhs, const double *a, const int *lda, double *b, const int *ldb,
		       int *info, size_t uplo_len, size_t trans_len, size_t diag_len);
};

/* The CPU LAPACK, loaded at the first call; every member is set: when a
 * routine cannot be found the program ends with a message that names
 * TWOFOLD_CPU_LAPACK. */
const struct tf_cpu_lapack *tf_cpu_lapack(void);

/* Where the CPU LAPACK came from, for the log; does not load it. */
const char *tf_cpu_lapack_description(void);

#endif
