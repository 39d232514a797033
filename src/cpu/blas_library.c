#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "core/environment.h"
#include "core/export.h"
#include "core/message.h"
#include "cpu/blas_library.h"
#include "cpu/shared_library.h"

static void *symbols[TF_ROUTINE_COUNT];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static _Atomic int loaded;
static char description[PATH_MAX + 64];
static char path[PATH_MAX];

static void load_explicit(const char *name)
{
	char why[PATH_MAX + 128];
	void *handle = tf_cpu_library_open(name, "dgemm_", why, sizeof why);
	if (!handle)
		tf_fatal("cannot use TWOFOLD_CPU_BLAS=%s as the CPU BLAS: %s", name, why);
	for (int r = 0; r < TF_ROUTINE_COUNT; r++)
		symbols[r] = dlsym(handle, tf_routine_name(r));
	tf_cpu_library_path(symbols[TF_R_dgemm_], path, sizeof path);
	snprintf(description, sizeof description, "%s (TWOFOLD_CPU_BLAS)", path);
}

static void load_implicit(void)
{
	int from_next = 0;
	for (int r = 0; r < TF_ROUTINE_COUNT; r++) {
		void *symbol = dlsym(RTLD_NEXT, tf_routine_name(r));
		if (symbol && !tf_cpu_symbol_is_ours(symbol)) {
			symbols[r] = symbol;
			from_next++;
		}
	}
	if (symbols[TF_R_dgemm_]) {
		tf_cpu_library_path(symbols[TF_R_dgemm_], path, sizeof path);
		snprintf(description, sizeof description, "%s (next in lookup order)", path);
	}
	if (from_next == TF_ROUTINE_COUNT)
		return;

	/* The configure default, then the system's libblas.so.3 by the dynamic
	 * loader's search, then in the system's directories: a build moved to
	 * another machine still finds that machine's BLAS: in each system
	 * directory libblas.so.3 (the system's choice), then blas/libblas.so.3
	 * (where Debian keeps the reference BLAS, for when its alternative is
	 * libtwofold). */
	static const char *const system_names[] = { "libblas.so.3", "blas/libblas.so.3" };
	char why[3][PATH_MAX + 128];
	const char *origin = "default";
	void *handle = NULL;
	if (tf_config()->cpu_blas_default_absent)
		snprintf(why[0], sizeof why[0], "%s taken as absent (TWOFOLD_CPU_BLAS_FAULT=default)",
			 TF_DEFAULT_CPU_BLAS);
	else
		handle = tf_cpu_library_open(TF_DEFAULT_CPU_BLAS, "dgemm_", why[0], sizeof why[0]);
	if (!handle) {
		origin = "default, by soname";
		handle = tf_cpu_library_open("libblas.so.3", "dgemm_", why[1], sizeof why[1]);
	}
	if (!handle) {
		origin = "default, system directory";
		handle = tf_cpu_library_open_system(system_names, 2, "dgemm_", why[2], sizeof why[2]);
	}
	if (!handle) {
		if (from_next)
			return; /* what is missing is reported when it is called */
		tf_fatal("no CPU BLAS could be loaded (%s; %s; %s). Set TWOFOLD_CPU_BLAS to the path of "
			 "a BLAS shared library, such as the reference libblas.so.3", why[0], why[1], why[2]);
	}
	for (int r = 0; r < TF_ROUTINE_COUNT; r++)
		if (!symbols[r])
			symbols[r] = dlsym(handle, tf_routine_name(r));
	if (!from_next || !symbols[TF_R_dgemm_]) {
		tf_cpu_library_path(dlsym(handle, "dgemm_"), path, sizeof path);
		snprintf(description, sizeof description, "%s (%s)", path, origin);
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
	/* every forwarded call looks here: once loaded, one load and no
	 * pthread_once (loaded is stored last, so the symbols are there) */
	if (!loaded)
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
