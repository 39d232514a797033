/* twofold: a BLAS that computes in two-term floating point.
 *
 * libtwofold.so exports the standard Fortran BLAS and CBLAS symbols; a program
 * uses them as it uses any BLAS.  This header declares what twofold adds. */
#ifndef TWOFOLD_H
#define TWOFOLD_H

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

/* The mode in force, from TWOFOLD_MODE. */
tf_mode tf_get_mode(void);

/* "dd", "df", "fast", "native" or "cpu"; NULL for a value outside tf_mode. */
const char *tf_mode_name(tf_mode mode);

/* The library's version, "MAJOR.MINOR.PATCH". */
const char *tf_version(void);

/* The path of the CPU BLAS that twofold forwards to, loading it if it is not
 * loaded yet (the program exits with a message if none can be loaded). */
const char *tf_cpu_blas_path(void);

#ifdef __cplusplus
}
#endif

#endif
