#include "config.h"

/* Every CBLAS routine of src/abi/blas_routines.tbl (the table in calls.h is
 * generated from it: test/cblas/calls.awk), in both layouts and with an
 * illegal layout, called with one illegal argument at a time: each option
 * (layout, Uplo, Trans*, Side, Diag) 0, each size -1, each leading
 * dimension 1 and 3 (with M = 2, N = 3, K = 4), each increment 0.  Every
 * call runs in a child process, whose standard error and exit status are
 * caught; one line per call:
 *
 *   cblas_dgemm layout=RowMajor TransB=0 | exit 255 | Parameter 3 to ...
 *
 * It opens libblas.so.3 (RTLD_GLOBAL; test/cblas/errors.sh makes that name
 * the reference BLAS, which holds the reference CBLAS) and finds each
 * routine in the global scope; the script runs it as it is and with
 * libtwofold preloaded, and compares the two outputs line by line.
 *
 *   errors [libtwofold]   makes the calls; with an argument, first checks
 *                         that every routine resolves into a library whose
 *                         name contains it */
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "op/cblas_types.h"

struct cblas_values {
	int layout, uplo, transa, transb, trans, side, diag;
	int m, n, k, kl, ku, lda, ldb, ldc, incx, incy;
	double scalar;
	void *data;
};

struct cblas_routine {
	const char *name;
	void (*call)(void *function, const struct cblas_values *v);
	const char *params; /* names as in the table, separated by spaces */
};

#include "test/cblas/calls.h"

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static double data[4096];

static const struct cblas_values legal = {
	.layout = CblasColMajor, .uplo = CblasUpper, .transa = CblasNoTrans, .transb = CblasNoTrans,
	.trans = CblasNoTrans, .side = CblasLeft, .diag = CblasNonUnit,
	.m = 2, .n = 3, .k = 4, .kl = 1, .ku = 1, .lda = 5, .ldb = 5, .ldc = 5, .incx = 1, .incy = 1,
	.scalar = 1.0, .data = data,
};

/* The field of v that parameter name sets, or NULL for one with no illegal
 * value (arrays, scalars). */
static int *field(struct cblas_values *v, const char *name)
{
	static const struct {
		const char *name;
		size_t offset;
	} fields[] = {
#define F(x) { #x, offsetof(struct cblas_values, x) }
		F(layout), F(uplo), F(transa), F(transb), F(trans), F(side), F(diag), F(m), F(n),
		F(k), F(kl), F(ku), F(lda), F(ldb), F(ldc), F(incx), F(incy),
#undef F
	};
	char lower[16];
	size_t i = 0;
	for (; name[i] && i < sizeof lower - 1; i++)
		lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
	lower[i] = 0;
	for (i = 0; i < COUNT(fields); i++)
		if (strcmp(fields[i].name, lower) == 0)
			return (int *)((char *)v + fields[i].offset);
	return NULL;
}

/* The illegal values tried for a parameter: count of them into values. */
static int illegal_values(const char *name, int values[2])
{
	char c = name[0] | 0x20;
	if (strncmp(name, "ld", 2) == 0) {
		values[0] = 1, values[1] = 3;
		return 2;
	}
	if (strncmp(name, "inc", 3) == 0 || c == 'u' || c == 't' || c == 's' || c == 'd' ||
	    strcmp(name, "layout") == 0) {
		values[0] = 0;
		return 1;
	}
	values[0] = -1; /* M, N, K, KL, KU */
	return 1;
}

/* Runs one call in a child; prints its line. */
static void run(const struct cblas_routine *r, void *function, const struct cblas_values *v,
		const char *what)
{
	int pipe_fds[2];
	fflush(stdout);
	if (pipe(pipe_fds) != 0) {
		perror("pipe");
		exit(99);
	}
	pid_t child = fork();
	if (child < 0) {
		perror("fork");
		exit(99);
	}
	if (child == 0) {
		close(pipe_fds[0]);
		dup2(pipe_fds[1], 1);
		dup2(pipe_fds[1], 2);
		memset(data, 0, sizeof data);
		r->call(function, v);
		fflush(stderr);
		printf("returned\n");
		fflush(stdout);
		_exit(0);
	}
	close(pipe_fds[1]);
	char text[2048];
	size_t length = 0;
	ssize_t got;
	while ((got = read(pipe_fds[0], text + length, sizeof text - 1 - length)) > 0)
		length += (size_t)got;
	text[length] = 0;
	close(pipe_fds[0]);
	int status;
	waitpid(child, &status, 0);
	printf("%s %s | ", r->name, what);
	if (WIFEXITED(status))
		printf("exit %d |", WEXITSTATUS(status));
	else
		printf("signal %d |", WIFSIGNALED(status) ? WTERMSIG(status) : -1);
	for (char *p = text; *p; p++)
		if (*p == '\n')
			printf(" /");
		else
			putchar(*p);
	printf("\n");
}

int main(int argc, char **argv)
{
	int bad = 0;
	if (!dlopen("libblas.so.3", RTLD_NOW | RTLD_GLOBAL)) {
		fprintf(stderr, "cannot open libblas.so.3: %s\n", dlerror());
		return 99;
	}
	for (size_t r = 0; r < COUNT(cblas_routines); r++) {
		void *function = dlsym(RTLD_DEFAULT, cblas_routines[r].name);
		Dl_info info;
		if (!function) {
			printf("%s: not found\n", cblas_routines[r].name);
			bad = 1;
			continue;
		}
		if (argc > 1 && (!dladdr(function, &info) || !info.dli_fname ||
				 !strstr(info.dli_fname, argv[1]))) {
			fprintf(stderr, "%s resolves into %s, not %s\n", cblas_routines[r].name,
				info.dli_fname ? info.dli_fname : "?", argv[1]);
			return 99;
		}
	}
	for (size_t r = 0; r < COUNT(cblas_routines); r++) {
		const struct cblas_routine *routine = &cblas_routines[r];
		void *function = dlsym(RTLD_DEFAULT, routine->name);
		if (!function)
			continue;
		int has_layout = strncmp(routine->params, "layout ", 7) == 0;
		for (int l = 0; l < (has_layout ? 2 : 1); l++) {
			char params[512], what[128];
			snprintf(params, sizeof params, "%s", routine->params);
			for (char *save, *name = strtok_r(params, " ", &save); name;
			     name = strtok_r(NULL, " ", &save)) {
				struct cblas_values v = legal;
				int *target = field(&v, name), values[2];
				if (!target)
					continue;
				v.layout = l ? CblasRowMajor : CblasColMajor;
				if (strcmp(name, "layout") == 0 && l)
					continue; /* an illegal layout: once */
				for (int i = 0, count = illegal_values(name, values); i < count; i++) {
					*target = values[i];
					snprintf(what, sizeof what, "layout=%s %s=%d",
						 strcmp(name, "layout") == 0 ? "?"
						 : l ? "RowMajor" : "ColMajor", name, values[i]);
					run(routine, function, &v, what);
				}
			}
		}
	}
	return bad;
}
