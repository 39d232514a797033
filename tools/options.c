/* twofold-solve's command line (options.h). */
#include "options.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void options_usage(FILE *out)
{
	fputs("usage: twofold-solve A.mtx [options]\n"
	      "Solves A x = b for a sparse matrix A in a Matrix Market file with CG or\n"
	      "BiCGStab in double and in double-double (DD), and prints a table of the runs.\n"
	      "\n"
	      "  --rhs FILE|ones|random  b: from FILE (a Matrix Market array or one value per\n"
	      "                          line), all ones, or uniform in [-1, 1) with a fixed\n"
	      "                          seed; default A times ones, which makes x = ones the\n"
	      "                          known solution and reports the error against it\n"
	      "  --method auto|cg|bicgstab  default auto: cg when A is symmetric, else bicgstab\n"
	      "  --precision double|dd|both default both: a double run, then a DD run\n"
	      "  --precond none|ilu0     default none\n"
	      "  --tol T                 stop at ||r||/||b|| <= T (default 1e-8 for double,\n"
	      "                          1e-12 for DD)\n"
	      "  --maxit N               at most N iterations (default 30000)\n"
	      "  --device auto|cpu|gpu   default auto: the GPU when there is one\n"
	      "  --plot FILE.svg         the residual against the iteration, every run\n"
	      "  --history FILE.csv      the same as CSV\n"
	      "  --require-convergence   exit with 2 when a run does not converge\n"
	      "  --quiet                 no progress line on stderr\n"
	      "  --help, --version\n"
	      "\n"
	      "Exit status: 0 the solves ran (converged or not, as the table says), 1 bad\n"
	      "input or options, 2 a run did not converge with --require-convergence.\n",
	      out);
}

/* The index of word among the choices (a NULL-terminated list), or -1. */
static int choice(const char *word, const char *const *choices)
{
	for (int i = 0; choices[i]; i++)
		if (strcmp(word, choices[i]) == 0)
			return i;
	return -1;
}

static int bad_choice(char *error, size_t size, const char *option, const char *value,
		      const char *const *choices)
{
	int used = snprintf(error, size, "%s: '%s' is not one of ", option, value);
	for (int i = 0; choices[i] && used >= 0 && (size_t)used < size; i++)
		used += snprintf(error + used, size - (size_t)used, "%s%s", i ? ", " : "",
				 choices[i]);
	return -1;
}

/* The option's value: after '=' in the argument, or the next argument. */
static const char *value_of(int argc, char **argv, int *i, const char *equals, const char *name,
			    char *error, size_t size)
{
	if (equals)
		return equals + 1;
	if (*i + 1 >= argc) {
		snprintf(error, size, "%s needs a value", name);
		return NULL;
	}
	return argv[++*i];
}

static const char *const rhs_words[] = { "ones", "random", NULL };
static const char *const method_words[] = { "auto", "cg", "bicgstab", NULL };
static const char *const precision_words[] = { "double", "dd", "both", NULL };
static const char *const precond_words[] = { "none", "ilu0", NULL };
static const char *const device_words[] = { "auto", "cpu", "gpu", NULL };

/* One option with its value, name being "--name" without any "=VALUE". */
static int option(struct solve_options *o, const char *name, const char *value, char *error,
		  size_t size)
{
	int which;
	if (strcmp(name, "--rhs") == 0) {
		which = choice(value, rhs_words);
		if (!*value) {
			snprintf(error, size, "--rhs: an empty file name");
			return -1;
		}
		o->rhs = which == 0 ? RHS_ONES : which == 1 ? RHS_RANDOM : RHS_FILE;
		o->rhs_path = which < 0 ? value : NULL;
	} else if (strcmp(name, "--method") == 0) {
		if ((which = choice(value, method_words)) < 0)
			return bad_choice(error, size, name, value, method_words);
		o->method = (enum solve_method)which;
	} else if (strcmp(name, "--precision") == 0) {
		if ((which = choice(value, precision_words)) < 0)
			return bad_choice(error, size, name, value, precision_words);
		o->precision = (enum solve_precision)(which + 1);
	} else if (strcmp(name, "--precond") == 0) {
		if ((which = choice(value, precond_words)) < 0)
			return bad_choice(error, size, name, value, precond_words);
		o->ilu0 = which == 1;
	} else if (strcmp(name, "--device") == 0) {
		if ((which = choice(value, device_words)) < 0)
			return bad_choice(error, size, name, value, device_words);
		o->device = (enum solve_device)which;
	} else if (strcmp(name, "--tol") == 0) {
		char *end;
		errno = 0;
		double tol = strtod(value, &end);
		if (end == value || *end || errno == ERANGE || !isfinite(tol) || tol <= 0) {
			snprintf(error, size, "--tol: '%s' is not a positive number", value);
			return -1;
		}
		o->tol = tol;
	} else if (strcmp(name, "--maxit") == 0) {
		char *end;
		errno = 0;
		long maxit = strtol(value, &end, 10);
		if (end == value || *end || errno == ERANGE || maxit < 1 || maxit > INT_MAX) {
			snprintf(error, size, "--maxit: '%s' is not a positive integer", value);
			return -1;
		}
		o->maxit = (int)maxit;
	} else if (strcmp(name, "--plot") == 0 || strcmp(name, "--history") == 0) {
		if (!*value) {
			snprintf(error, size, "%s: an empty file name", name);
			return -1;
		}
		*(name[2] == 'p' ? &o->plot : &o->history) = value;
	}
	return 0;
}

static const char *const valued[] = { "--rhs", "--method", "--precision", "--precond",
				      "--device", "--tol", "--maxit", "--plot", "--history",
				      NULL };

int options_parse(int argc, char **argv, struct solve_options *o, char *error, size_t error_size)
{
	memset(o, 0, sizeof *o);
	o->rhs = RHS_PRODUCT;
	o->method = METHOD_AUTO;
	o->precision = PRECISION_BOTH;
	o->device = DEVICE_AUTO;
	int options_end = 0;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (options_end || arg[0] != '-' || arg[1] == 0) {
			if (o->matrix) {
				snprintf(error, error_size,
					 "one matrix file, not two ('%s' and '%s')", o->matrix, arg);
				return -1;
			}
			o->matrix = arg;
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			options_end = 1;
			continue;
		}
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			o->help = 1;
			return 0;
		}
		if (strcmp(arg, "--version") == 0) {
			o->version = 1;
			return 0;
		}
		/* "--name" or "--name=VALUE"; a name too long for any option is
		 * left empty, and so unknown */
		const char *equals = strchr(arg, '=');
		char name[32];
		size_t length = equals ? (size_t)(equals - arg) : strlen(arg);
		snprintf(name, sizeof name, "%.*s", (int)(length < sizeof name ? length : 0), arg);
		if (choice(name, valued) >= 0) {
			const char *value = value_of(argc, argv, &i, equals, name, error, error_size);
			if (!value || option(o, name, value, error, error_size) != 0)
				return -1;
		} else if (strcmp(name, "--require-convergence") == 0 || strcmp(name, "--quiet") == 0) {
			if (equals) {
				snprintf(error, error_size, "%s takes no value", name);
				return -1;
			}
			*(name[2] == 'q' ? &o->quiet : &o->require_convergence) = 1;
		} else {
			snprintf(error, error_size, "unknown option '%s'", arg);
			return -1;
		}
	}
	if (!o->matrix) {
		snprintf(error, error_size, "no matrix file given");
		return -1;
	}
	return 0;
}
