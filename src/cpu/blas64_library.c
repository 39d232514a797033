#include "config.h"

/* The 64-bit CPU BLAS that the ILP64 entry points forward to (see
 * cpu/blas_library.h): TWOFOLD_CPU_BLAS64 when set (none: no 64-bit CPU
 * BLAS, quietly); otherwise, for each symbol, the next definition of its
 * ILP64 name (dgemm_64_) after libtwofold in lookup order; otherwise the
 * library chosen at configure time (--with-cpu-blas64: by default Debian's
 * reference, from package libblas64-3, where configure found it), then
 * libblas64.so.3 by the dynamic loader's search.  A library that names its
 * functions dgemm_64_ is taken by those names; one that does not (Debian's
 * libblas64.so.3 exports dgemm_ with 64-bit integers) by the plain names,
 * once a probe has shown that they take 64-bit integers.  None found is no
 * error: the ILP64 entry points then run through the 32-bit ones, as a
 * message says once. */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/blas_library.h"
#include "cpu/shared_library.h"

static void *symbols[TF_ROUTINE_COUNT];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static _Atomic int loaded;
static char description[PATH_MAX + 64] = "none";

void tf_ilp64_routine_name(enum tf_routine routine, char *name, size_t size)
{
	snprintf(name, size, "%s64_", tf_routine_name(routine));
}

/* Opens name, preferring its ILP64 names; *plain says it has only the
 * plain ones.  Opened with its own definitions first (RTLD_DEEPBIND): a
 * library under the plain names calls its own dgemm_ (its CBLAS does),
 * lsame_ and xerbla_, which libtwofold's 32-bit ones would otherwise
 * interpose; so its argument errors go to its own xerbla_. */
static void *open_library(const char *name, int *plain, char *why, size_t why_size)
{
	void *handle = tf_cpu_library_open_deep(name, "dgemm_64_", why, why_size);
	*plain = 0;
	if (handle)
		return handle;
	*plain = 1;
	handle = tf_cpu_library_open_deep(name, "isamax_", why, why_size);
	if (!handle)
		return NULL;
	/* As libblastrampoline and FlexiBLAS probe: n is 3 in its low half and
	 * negative as a whole; a BLAS of 32-bit integers finds the largest of
	 * three (2), one of 64-bit integers returns 0 at once. */
	int64_t (*isamax)(const int64_t *, const float *, const int64_t *) = dlsym(handle, "isamax_");
	const int64_t n = (int64_t)0xffffffff00000003u, inc = 1;
	const float x[3] = { 1.0f, 2.0f, 1.0f };
	if ((isamax(&n, x, &inc) & 0xffffffff) != 0) {
		snprintf(why, why_size, "%s takes 32-bit integers (its isamax_ read n = -2^32 + 3 as 3)",
			 name);
		dlclose(handle);
		return NULL;
	}
	return handle;
}

static void take_all(void *handle, int plain, const char *origin)
{
	char name[64], path[PATH_MAX];
	for (int r = 0; r < TF_ROUTINE_COUNT; r++) {
		tf_ilp64_routine_name(r, name, sizeof name);
		symbols[r] = dlsym(handle, plain ? tf_routine_name(r) : name);
	}
	tf_cpu_library_path(dlsym(handle, plain ? "dgemm_" : "dgemm_64_"), path, sizeof path);
	snprintf(description, sizeof description, "%.*s (%s%s)", PATH_MAX - 1, path, origin,
		 plain ? ", ILP64 under the plain names" : "");
}

static int load_next(void)
{
	char name[64], path[PATH_MAX];
	int found = 0;
	for (int r = 0; r < TF_ROUTINE_COUNT; r++) {
		tf_ilp64_routine_name(r, name, sizeof name);
		void *symbol = dlsym(RTLD_NEXT, name);
		if (symbol && !tf_cpu_symbol_is_ours(symbol))
			symbols[r] = symbol, found++;
	}
	if (symbols[TF_R_dgemm_]) {
		tf_cpu_library_path(symbols[TF_R_dgemm_], path, sizeof path);
		snprintf(description, sizeof description, "%.*s (next in lookup order)",
			 PATH_MAX - 1,
			 path);
	}
	return found;
}

static void find(void);

static void load(void)
{
	find();
	loaded = 1;
}

static void find(void)
{
	const char *name = tf_config()->cpu_blas64;
	char why[PATH_MAX + 128];
	int plain;
	if (strcmp(name, "none") == 0) {
		snprintf(description, sizeof description, "none (TWOFOLD_CPU_BLAS64=none)");
		return;
	}
	if (*name) {
		void *handle = open_library(name, &plain, why, sizeof why);
		if (!handle)
			tf_fatal("cannot use TWOFOLD_CPU_BLAS64=%s as the 64-bit CPU BLAS: %s",
				 name, why);
		take_all(handle, plain, "TWOFOLD_CPU_BLAS64");
		return;
	}
	if (load_next())
		return;
	void *handle = NULL;
	const char *origin = "default";
	if (*TF_DEFAULT_CPU_BLAS64)
		handle = open_library(TF_DEFAULT_CPU_BLAS64, &plain, why, sizeof why);
	if (!handle) {
		origin = "default, by soname";
		handle = open_library("libblas64.so.3", &plain, why, sizeof why);
	}
	if (handle) {
		take_all(handle, plain, origin);
		return;
	}
	tf_message("no 64-bit CPU BLAS found (TWOFOLD_CPU_BLAS64 unset, no dgemm_64_ in lookup "
		   "order, no libblas64.so.3): the ILP64 entry points (dgemm_64_, ...) run through "
		   "the 32-bit ones, and Level 2 and 3 calls with an integer beyond 32 bits do "
		   "nothing");
}

void *tf_cpu_blas64_symbol(enum tf_routine routine)
{
	pthread_once(&load_once, load);
	return symbols[routine];
}

const char *tf_cpu_blas64_description(void)
{
	return loaded ? description : NULL;
}
