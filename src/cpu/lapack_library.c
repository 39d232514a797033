#include "config.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/lapack_library.h"
#include "cpu/shared_library.h"

/* The routines, by name, and where each goes in the table. */
static const struct {
	const char *name;
	size_t offset;
} routines[] = {
	{ "dgesv_", offsetof(struct tf_cpu_lapack, dgesv) },
	{ "dgetrf_", offsetof(struct tf_cpu_lapack, dgetrf) },
	{ "dgetrs_", offsetof(struct tf_cpu_lapack, dgetrs) },
	{ "dposv_", offsetof(struct tf_cpu_lapack, dposv) },
	{ "dpotrf_", offsetof(struct tf_cpu_lapack, dpotrf) },
	{ "dpotrs_", offsetof(struct tf_cpu_lapack, dpotrs) },
	{ "zgesv_", offsetof(struct tf_cpu_lapack, zgesv) },
	{ "zgetrf_", offsetof(struct tf_cpu_lapack, zgetrf) },
	{ "zgetrs_", offsetof(struct tf_cpu_lapack, zgetrs) },
	{ "zposv_", offsetof(struct tf_cpu_lapack, zposv) },
	{ "zpotrf_", offsetof(struct tf_cpu_lapack, zpotrf) },
	{ "zpotrs_", offsetof(struct tf_cpu_lapack, zpotrs) },
	{ "dsysv_", offsetof(struct tf_cpu_lapack, dsysv) },
	{ "dsytrs_", offsetof(struct tf_cpu_lapack, dsytrs) },
	{ "dgels_", offsetof(struct tf_cpu_lapack, dgels) },
	{ "dormqr_", offsetof(struct tf_cpu_lapack, dormqr) },
	{ "dormlq_", offsetof(struct tf_cpu_lapack, dormlq) },
	{ "dtrtrs_", offsetof(struct tf_cpu_lapack, dtrtrs) },
};
enum { ROUTINES = sizeof routines / sizeof routines[0] };

static struct tf_cpu_lapack lapack;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static _Atomic int loaded;
static char description[PATH_MAX + 64];
static char path[PATH_MAX];

static void **slot(int r)
{
	return (void **)((char *)&lapack + routines[r].offset);
}

/* Fills the routines still missing from `handle`; how many are missing
 * after. */
static int fill(void *handle)
{
	int missing = 0;
	for (int r = 0; r < ROUTINES; r++) {
		if (!*slot(r))
			*slot(r) = dlsym(handle, routines[r].name);
		missing += !*slot(r);
	}
	return missing;
}

static void fail_missing(const char *library)
{
	for (int r = 0; r < ROUTINES; r++)
		if (!*slot(r))
			tf_fatal("the CPU LAPACK %s does not define %s. Set TWOFOLD_CPU_LAPACK to a "
				 "LAPACK shared library that does", library, routines[r].name);
}

static void load_explicit(const char *name)
{
	char why[PATH_MAX + 128];
	void *handle = tf_cpu_library_open(name, "dgetrf_", why, sizeof why);
	if (!handle)
		tf_fatal("cannot use TWOFOLD_CPU_LAPACK=%s as the CPU LAPACK: %s", name, why);
	if (fill(handle))
		fail_missing(name);
	tf_cpu_library_path((void *)lapack.dgetrf, path, sizeof path);
	snprintf(description, sizeof description, "%s (TWOFOLD_CPU_LAPACK)", path);
}

/* Each routine the next in lookup order (the program's LAPACK); what is
 * missing from the configure default, else liblapack.so.3 by the dynamic
 * loader's search, else in the system's directories (liblapack.so.3, then
 * lapack/liblapack.so.3, where Debian keeps the reference LAPACK). */
static void load_implicit(void)
{
	int from_next = 0;
	for (int r = 0; r < ROUTINES; r++) {
		void *symbol = dlsym(RTLD_NEXT, routines[r].name);
		if (symbol && !tf_cpu_symbol_is_ours(symbol)) {
			*slot(r) = symbol;
			from_next++;
		}
	}
	if (lapack.dgetrf) {
		tf_cpu_library_path((void *)lapack.dgetrf, path, sizeof path);
		snprintf(description, sizeof description, "%s (next in lookup order)", path);
	}
	if (from_next == ROUTINES)
		return;
	static const char *const system_names[] = { "liblapack.so.3", "lapack/liblapack.so.3" };
	char why[3][PATH_MAX + 128];
	const char *origin = "default";
	void *handle = tf_cpu_library_open(TF_DEFAULT_CPU_LAPACK, "dgetrf_", why[0], sizeof why[0]);
	if (!handle) {
		origin = "default, by soname";
		handle = tf_cpu_library_open("liblapack.so.3", "dgetrf_", why[1], sizeof why[1]);
	}
	if (!handle) {
		origin = "default, system directory";
		handle = tf_cpu_library_open_system(system_names, 2, "dgetrf_", why[2], sizeof why[2]);
	}
	if (!handle)
		tf_fatal("no CPU LAPACK could be loaded for the LAPACK drivers (%s; %s; %s). Set "
			 "TWOFOLD_CPU_LAPACK to the path of a LAPACK shared library, such as the "
			 "reference liblapack.so.3", why[0], why[1], why[2]);
	int had_dgetrf = lapack.dgetrf != NULL;
	if (fill(handle))
		fail_missing(TF_DEFAULT_CPU_LAPACK);
	if (!had_dgetrf) {
		tf_cpu_library_path((void *)lapack.dgetrf, path, sizeof path);
		snprintf(description, sizeof description, "%s (%s)", path, origin);
	}
}

static void load(void)
{
	const char *name = tf_config()->cpu_lapack;
	if (*name)
		load_explicit(name);
	else
		load_implicit();
	loaded = 1;
}

const struct tf_cpu_lapack *tf_cpu_lapack(void)
{
	pthread_once(&load_once, load);
	return &lapack;
}

const char *tf_cpu_lapack_description(void)
{
	return loaded ? description : "not loaded";
}
