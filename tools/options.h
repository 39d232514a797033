/* options.h: twofold-solve's command line.
 *
 *   twofold-solve A.mtx [--rhs FILE|ones|random] [--method auto|cg|bicgstab]
 *       [--precision double|dd|both] [--precond none|ilu0] [--tol T]
 *       [--maxit N] [--device auto|cpu|gpu] [--plot FILE.svg]
 *       [--history FILE.csv] [--require-convergence] [--quiet]
 *
 * Options may come before or after the matrix, as --name VALUE or
 * --name=VALUE; "--" ends them. */
#ifndef TF_TOOLS_OPTIONS_H
#define TF_TOOLS_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

enum solve_rhs { RHS_PRODUCT, RHS_ONES, RHS_RANDOM, RHS_FILE };
enum solve_method { METHOD_AUTO, METHOD_CG, METHOD_BICGSTAB };
enum solve_device { DEVICE_AUTO, DEVICE_CPU, DEVICE_GPU };
/* Bits: both is double then DD. */
enum solve_precision { PRECISION_DOUBLE = 1, PRECISION_DD = 2, PRECISION_BOTH = 3 };

struct solve_options {
	const char *matrix;
	enum solve_rhs rhs;        /* RHS_PRODUCT: b = A ones, the default */
	const char *rhs_path;      /* for RHS_FILE */
	enum solve_method method;
	enum solve_precision precision;
	int ilu0;
	double tol;                /* 0: the solver's default */
	int maxit;                 /* 0: the solver's default */
	enum solve_device device;
	const char *plot;          /* NULL: none */
	const char *history;
	int require_convergence;
	int quiet;
	int help;                  /* --help or -h: print the usage, nothing else */
	int version;               /* --version */
};

/* Parses argv into o (the defaults first).  Returns 0, or -1 with a
 * one-line message in error. */
int options_parse(int argc, char **argv, struct solve_options *o, char *error, size_t error_size);

/* The usage text of --help. */
void options_usage(FILE *out);

#endif
