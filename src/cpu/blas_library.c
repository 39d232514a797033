#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
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

/* Whether `file` is the file libtwofold was loaded from, under another name
 * (a link named libblas.so.3, say): known without loading it. */
static int is_own_file(const char *file)
{
	Dl_info info;
	struct stat own, other;
	return dladdr((void *)&self_base, &info) && info.dli_fname && *info.dli_fname &&
	       stat(info.dli_fname, &own) == 0 && stat(file, &other) == 0 &&
	       own.st_dev == other.st_dev && own.st_ino == other.st_ino;
}

/* Opens a BLAS by name or path, refusing libtwofold: itself (installed as the
 * system's libblas.so.3, it is what that name leads to) or another copy of
 * it (which would forward back to a BLAS of its own finding). */
static void *open_library(const char *name, char *why, size_t why_size)
{
	if (strchr(name, '/') && is_own_file(name)) {
		snprintf(why, why_size, "%s is libtwofold itself", name);
		return NULL;
	}
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
	if (dlsym(handle, "tf_version")) {
		snprintf(why, why_size, "%s is another copy of libtwofold", name);
		dlclose(handle);
		return NULL;
	}
	return handle;
}

/* The directories where this machine keeps its shared libraries: that of the
 * C library in use first (a build moved to another distribution finds that
 * one's layout: /lib/x86_64-linux-gnu, /usr/lib64 ...), its twin with or
 * without /usr, then /usr/lib64 and /usr/lib.  Returns how many. */
enum { SYSTEM_DIRECTORIES = 4 };
static int system_directories(char directories[SYSTEM_DIRECTORIES][PATH_MAX])
{
	int count = 0;
	Dl_info info;
	if (dladdr((void *)&fprintf, &info) && info.dli_fname && info.dli_fname[0] == '/') {
		const char *slash = strrchr(info.dli_fname, '/');
		int length = (int)(slash - info.dli_fname);
		snprintf(directories[count++], PATH_MAX, "%.*s", length, info.dli_fname);
		if (strncmp(info.dli_fname, "/usr/", 5) == 0)
			snprintf(directories[count++], PATH_MAX, "%.*s", length - 4, info.dli_fname + 4);
		else
			snprintf(directories[count++], PATH_MAX, "/usr%.*s", length, info.dli_fname);
	}
	static const char *const usual[] = { "/usr/lib64", "/usr/lib" };
	for (size_t u = 0; u < sizeof usual / sizeof usual[0]; u++) {
		int seen = 0;
		for (int d = 0; d < count; d++)
			seen |= strcmp(directories[d], usual[u]) == 0;
		if (!seen)
			snprintf(directories[count++], PATH_MAX, "%s", usual[u]);
	}
	return count;
}

/* The system's libblas.so.3 when the dynamic loader's search does not give
 * one other than libtwofold (LD_LIBRARY_PATH names a directory where
 * libtwofold stands in for it): in each system directory, libblas.so.3 (the
 * system's choice), then blas/libblas.so.3 (where Debian keeps the reference
 * BLAS, for when its alternative is libtwofold). */
static void *open_system_blas(char *why, size_t why_size)
{
	char directories[SYSTEM_DIRECTORIES][PATH_MAX];
	int count = system_directories(directories);
	static const char *const names[] = { "libblas.so.3", "blas/libblas.so.3" };
	char candidate[PATH_MAX + 32]; /* a directory of at most PATH_MAX - 1 bytes and a name */
	int tried = 0;
	for (int d = 0; d < count; d++)
		for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
			snprintf(candidate, sizeof candidate, "%.*s/%s", PATH_MAX - 1, directories[d],
				 names[n]);
			if (access(candidate, F_OK) != 0)
				continue;
			tried++;
			void *handle = open_library(candidate, why, why_size);
			if (handle)
				return handle;
		}
	if (!tried) {
		int length = snprintf(why, why_size, "no libblas.so.3 in");
		for (int d = 0; d < count && length >= 0 && (size_t)length < why_size; d++)
			length += snprintf(why + length, why_size - (size_t)length, " %s", directories[d]);
	}
	return NULL;
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

	/* The configure default, then the system's libblas.so.3 by the dynamic
	 * loader's search, then in the system's directories: a build moved to
	 * another machine still finds that machine's BLAS. */
	char why[3][PATH_MAX + 128];
	const char *origin = "default";
	void *handle = NULL;
	if (tf_config()->cpu_blas_default_absent)
		snprintf(why[0], sizeof why[0], "%s taken as absent (TWOFOLD_CPU_BLAS_FAULT=default)",
			 TF_DEFAULT_CPU_BLAS);
	else
		handle = open_library(TF_DEFAULT_CPU_BLAS, why[0], sizeof why[0]);
	if (!handle) {
		origin = "default, by soname";
		handle = open_library("libblas.so.3", why[1], sizeof why[1]);
	}
	if (!handle) {
		origin = "default, system directory";
		handle = open_system_blas(why[2], sizeof why[2]);
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
		record_path(dlsym(handle, "dgemm_"));
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
