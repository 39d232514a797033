#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "core/environment.h"
#include "core/export.h"
#include "core/message.h"
#include "cpu/blas_library.h"

static void *symbols[TF_ROUTINE_COUNT];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static _Atomic int loaded;
static char description[PATH_MAX + 64];
static char path[PATH_MAX];

/* The load address of libtwofold, to recognise our own definitions. */
static void *self_base(void)
{
	Dl_info info;
	if (!dladdr((void *)&self_base, &info))
		return NULL;
	return info.dli_fbase;
}

static int is_ours(void *symbol)
{
	Dl_info info;
	return dladdr(symbol, &info) && info.dli_fbase == self_base();
}

/* Opens a BLAS by name or path, refusing libtwofold itself (installed as the
 * system's libblas.so.3, it is what that name leads to). */
static void *open_library(const char *name, char *why, size_t why_size)
{
	void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		snprintf(why, why_size, "%s", dlerror());
		return NULL;
	}
	void *probe = dlsym(handle, "dgemm_");
	if (!probe) {
		snprintf(why, why_size, "%s does not define dgemm_", name);
		dlclose(handle);
		return NULL;
	}
	if (is_ours(probe)) {
		snprintf(why, why_size, "%s is libtwofold itself", name);
		dlclose(handle);
		return NULL;
	}
	return handle;
}

static void record_path(void *symbol)
{
	Dl_info info;
	if (dladdr(symbol, &info) && info.dli_fname)
		snprintf(path, sizeof path, "%s", info.dli_fname);
}

static void load_explicit(const char *name)
{
	char why[PATH_MAX + 128];
	void *handle = open_library(name, why, sizeof why);
	if (!handle)
		tf_fatal("cannot use TWOFOLD_CPU_BLAS=%s as the CPU BLAS: %s", name, why);
	for (int r = 0; r < TF_ROUTINE_COUNT; r++)
		symbols[r] = dlsym(handle, tf_routine_name(r));
	record_path(symbols[TF_R_dgemm_]);
	snprintf(description, sizeof description, "%s (TWOFOLD_CPU_BLAS)", path);
}

static void load_implicit(void)
{
	int from_next = 0;
	for (int r = 0; r < TF_ROUTINE_COUNT; r++) {
		void *symbol = dlsym(RTLD_NEXT, tf_routine_name(r));
		if (symbol && !is_ours(symbol)) {
			symbols[r] = symbol;
			from_next++;
		}
	}
	if (symbols[TF_R_dgemm_]) {
		record_path(symbols[TF_R_dgemm_]);
		snprintf(description, sizeof description, "%s (next in lookup order)", path);
	}
	if (from_next == TF_ROUTINE_COUNT)
		return;

	/* The configure default, then the system's libblas.so.3: a build moved to
	 * another machine still finds that machine's BLAS. */
	static const char *const defaults[] = { TF_DEFAULT_CPU_BLAS, "libblas.so.3" };
	char why[2][PATH_MAX + 128];
	void *handle = NULL;
	for (size_t d = 0; d < sizeof defaults / sizeof defaults[0] && !handle; d++)
		handle = open_library(defaults[d], why[d], sizeof why[d]);
	if (!handle) {
		if (from_next)
			return; /* what is missing is reported when it is called */
		tf_fatal("no CPU BLAS could be loaded (%s; %s). Set TWOFOLD_CPU_BLAS to the path of "
			 "a BLAS shared library, such as the reference libblas.so.3", why[0], why[1]);
	}
	for (int r = 0; r < TF_ROUTINE_COUNT; r++)
		if (!symbols[r])
			symbols[r] = dlsym(handle, tf_routine_name(r));
	if (!from_next || !symbols[TF_R_dgemm_]) {
		record_path(dlsym(handle, "dgemm_"));
		snprintf(description, sizeof description, "%s (default)", path);
	}
}

static void load(void)
{
	const char *name = tf_config()->cpu_blas;
	if (*name)
		load_explicit(name);
	else
		load_implicit();
	loaded = 1;
}

void *tf_cpu_blas_symbol(enum tf_routine routine)
{
	pthread_once(&load_once, load);
	if (!symbols[routine])
		tf_fatal("the CPU BLAS %s does not define %s. Set TWOFOLD_CPU_BLAS to a BLAS "
			 "shared library that does", path, tf_routine_name(routine));
	return symbols[routine];
}

const char *tf_cpu_blas_description(void)
{
	return loaded ? description : "not loaded";
}

TF_EXPORT const char *tf_cpu_blas_path(void)
{
	tf_cpu_blas_symbol(TF_R_dgemm_);
	return path;
}
