/* The CPU DD kernels (the files of the op kinds' table, dd_dispatch.c, and
 * what they share) are compiled once per instruction set, as the inner
 * loops of dd_loops.c are: in libtwofold's own sources for the generic
 * x86-64, where each fma() of the two-term arithmetic is a call into the C
 * library, and again with AVX2 and FMA (Makefile.am: DD_KERNELS), where it
 * is one instruction.  fma is exact either way and -ffp-contract=off holds
 * for both, so the copies give the same bits.  Each of those files includes
 * this header first: it gives every name the copies define for each other
 * the instruction set's suffix (tf_cpu_dd_gemv_generic,
 * tf_cpu_dd_gemv_avx2), so that they link side by side; the loops' table
 * (dd_loops.h) holds each set's tf_cpu_dd_run, and tf_cpu_dd_run
 * (dd_loops_select.c) calls the chosen one. */
#ifndef TF_DD_ISA_H
#define TF_DD_ISA_H

#if !defined(TF_ISA)
#define TF_ISA generic
#endif
#define TF_ISA_PASTE(name, isa) name##_##isa
#define TF_ISA_EXPAND(name, isa) TF_ISA_PASTE(name, isa)
#define TF_ISA_NAME(name) TF_ISA_EXPAND(name, TF_ISA)

/* dd_kernels.h */
#define tf_cpu_dd_run TF_ISA_NAME(tf_cpu_dd_run)
#define tf_cpu_dd_computes TF_ISA_NAME(tf_cpu_dd_computes)
#define tf_cpu_dd_gemm TF_ISA_NAME(tf_cpu_dd_gemm)
#define tf_cpu_dd_gemv TF_ISA_NAME(tf_cpu_dd_gemv)
#define tf_cpu_dd_symv TF_ISA_NAME(tf_cpu_dd_symv)
#define tf_cpu_dd_trmv TF_ISA_NAME(tf_cpu_dd_trmv)
#define tf_cpu_dd_axpy TF_ISA_NAME(tf_cpu_dd_axpy)
#define tf_cpu_dd_dot TF_ISA_NAME(tf_cpu_dd_dot)
#define tf_cpu_dd_nrm2 TF_ISA_NAME(tf_cpu_dd_nrm2)
#define tf_cpu_dd_asum TF_ISA_NAME(tf_cpu_dd_asum)
#define tf_cpu_dd_rot TF_ISA_NAME(tf_cpu_dd_rot)
#define tf_cpu_dd_zscal TF_ISA_NAME(tf_cpu_dd_zscal)
#define tf_cpu_dd_trsv TF_ISA_NAME(tf_cpu_dd_trsv)
#define tf_cpu_dd_rank_update TF_ISA_NAME(tf_cpu_dd_rank_update)
#define tf_cpu_dd_symm TF_ISA_NAME(tf_cpu_dd_symm)
#define tf_cpu_dd_syrk TF_ISA_NAME(tf_cpu_dd_syrk)
#define tf_cpu_dd_syr2k TF_ISA_NAME(tf_cpu_dd_syr2k)
#define tf_cpu_dd_trmm TF_ISA_NAME(tf_cpu_dd_trmm)
#define tf_cpu_dd_trsm TF_ISA_NAME(tf_cpu_dd_trsm)
/* dd_product.h */
#define tf_dd_product_run TF_ISA_NAME(tf_dd_product_run)
#define tf_dd_product_range TF_ISA_NAME(tf_dd_product_range)
#define tf_dd_product_zrange TF_ISA_NAME(tf_dd_product_zrange)
#define tf_dd_product_range_may_apply TF_ISA_NAME(tf_dd_product_range_may_apply)
#define tf_dd_product_range_screened TF_ISA_NAME(tf_dd_product_range_screened)
#define tf_dd_range_screen_release TF_ISA_NAME(tf_dd_range_screen_release)
/* dd_range_solve.h */
#define tf_range_solve TF_ISA_NAME(tf_range_solve)

#endif
