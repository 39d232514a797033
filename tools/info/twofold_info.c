/* twofold-info: what this libtwofold is and would do here (docs/twofold-info.1).
 *
 *   twofold-info                    version, build, CPU BLAS and LAPACK,
 *                                   GPUs, mode and TWOFOLD_* variables
 *   twofold-info --plan dgemm N [N N]  where a dgemm of that size would run
 *                                   and why, without running it
 *
 * The library answers for itself (plan/info.h), so that what is printed is
 * what its calls see in this environment. */
#define _GNU_SOURCE /* RTLD_DEFAULT, RTLD_NOLOAD */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "plan/info.h"
#include "twofold.h"

#define PROGRAM "twofold-info"

static const char usage[] =
	"usage: " PROGRAM " [--plan dgemm N [N N]] [--help] [--version]\n";

/* Prints `text` with each line indented. */
static void print_indented(const char *text)
{
	while (*text) {
		size_t length = strcspn(text, "\n");
		printf("  %.*s\n", (int)length, text);
		text += length;
		if (*text == '\n')
			text++;
	}
}

/* A size: decimal digits, 0 to 2^31 - 1. */
static int parse_size(const char *text, int *size)
{
	if (!*text || strspn(text, "0123456789") != strlen(text) || strlen(text) > 10)
		return 0;
	errno = 0;
	long value = strtol(text, NULL, 10);
	if (errno || value > 2147483647L)
		return 0;
	*size = (int)value;
	return 1;
}

/* The LAPACK routines a LAPACK-using program needs first; found in the CPU
 * BLAS's library, or elsewhere in the process. */
static void print_lapack(const char *blas_path)
{
	static const char *const routines[] = { "dgetrf_", "dgetrs_", "dpotrf_", "dgeqrf_" };
	const size_t count = sizeof routines / sizeof routines[0];
	void *library = dlopen(blas_path, RTLD_LAZY | RTLD_NOLOAD);
	size_t in_library = 0, in_process = 0;
	for (size_t i = 0; i < count; i++) {
		if (library && dlsym(library, routines[i]))
			in_library++;
		else if (dlsym(RTLD_DEFAULT, routines[i]))
			in_process++;
	}
	if (library)
		dlclose(library);
	if (in_library == count)
		printf("LAPACK: found in the CPU BLAS (dgetrf_, dgetrs_, dpotrf_, dgeqrf_)\n");
	else if (in_library + in_process == count)
		printf("LAPACK: found in this process, outside the CPU BLAS\n");
	else
		printf("LAPACK: not found (%zu of dgetrf_, dgetrs_, dpotrf_, dgeqrf_ in the CPU BLAS)\n",
		       in_library);
}

/* Whether the library can load its CPU BLAS: tried in a child process,
 * since the library ends the program that calls it when it cannot.  The
 * library's own message is kept in `why`.  Returns 1 when it can. */
static int cpu_blas_loads(char *why, size_t size)
{
	int pipe_ends[2];
	*why = '\0';
	fflush(stdout);
	if (pipe(pipe_ends) != 0)
		return 1; /* cannot tell: let the load itself speak */
	pid_t child = fork();
	if (child < 0) {
		close(pipe_ends[0]);
		close(pipe_ends[1]);
		return 1;
	}
	if (child == 0) {
		close(pipe_ends[0]);
		dup2(pipe_ends[1], STDERR_FILENO);
		tf_cpu_blas_path();
		_exit(0);
	}
	close(pipe_ends[1]);
	size_t used = 0;
	ssize_t got;
	while (used + 1 < size && (got = read(pipe_ends[0], why + used, size - used - 1)) > 0)
		used += (size_t)got;
	why[used] = '\0';
	close(pipe_ends[0]);
	int status;
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	why[strcspn(why, "\n")] = '\0';
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static void print_all(void)
{
	char text[16384];
	printf("twofold %s\n", tf_version());
	tf_info_build(text, sizeof text);
	printf("build:\n");
	print_indented(text);
	if (cpu_blas_loads(text, sizeof text)) {
		tf_info_cpu_blas(text, sizeof text);
		printf("CPU BLAS: %s\n", text);
		print_lapack(tf_cpu_blas_path());
	} else {
		printf("CPU BLAS: none, a BLAS call would end the program with: %s\n", text);
		printf("LAPACK: not looked for (no CPU BLAS)\n");
	}
	tf_info_gpus(text, sizeof text);
	printf("GPUs:\n");
	print_indented(text);
	printf("mode: %s\n", tf_mode_name(tf_get_mode()));
	tf_info_environment(text, sizeof text);
	printf("environment:\n");
	print_indented(text);
}

static int bad_options(const char *why)
{
	fprintf(stderr, PROGRAM ": %s (" PROGRAM " --help)\n", why);
	return 1;
}

int main(int argc, char **argv)
{
	if (argc == 1) {
		print_all();
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 && argc == 2) {
		fputs(usage, stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0 && argc == 2) {
		printf("%s\n", tf_version());
		return 0;
	}
	if (strcmp(argv[1], "--plan") != 0)
		return bad_options(argv[1][0] == '-' ? "unknown option" : "unexpected argument");
	if (argc < 3 || strcmp(argv[2], "dgemm") != 0)
		return bad_options("--plan takes a routine: dgemm");
	if (argc != 4 && argc != 6)
		return bad_options("--plan dgemm takes N, or M N K");
	int m, n, k;
	int sizes_read = parse_size(argv[3], &m);
	if (argc == 6)
		sizes_read = sizes_read && parse_size(argv[4], &n) && parse_size(argv[5], &k);
	else
		n = k = m;
	if (!sizes_read)
		return bad_options("a size is a whole number from 0 to 2147483647");
	char text[1024];
	tf_info_plan_dgemm(m, n, k, text, sizeof text);
	printf("dgemm %d x %d x %d, mode %s: %s", m, n, k, tf_mode_name(tf_get_mode()), text);
	return 0;
}
