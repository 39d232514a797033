#include "config.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cpu/shared_library.h"

/* The load address of libtwofold, to recognise our own definitions. */
static void *self_base(void)
{
	Dl_info info;
	if (!dladdr((void *)&self_base, &info))
		return NULL;
	return info.dli_fbase;
}

int tf_cpu_symbol_is_ours(void *symbol)
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

static void *open_library(const char *name, const char *probe, int flags, char *why,
			  size_t why_size)
{
	if (strchr(name, '/') && is_own_file(name)) {
		snprintf(why, why_size, "%s is libtwofold itself", name);
		return NULL;
	}
	void *handle = dlopen(name, flags);
	if (!handle) {
		snprintf(why, why_size, "%s", dlerror());
		return NULL;
	}
	void *symbol = dlsym(handle, probe);
	if (!symbol) {
		snprintf(why, why_size, "%s does not define %s", name, probe);
		dlclose(handle);
		return NULL;
	}
	if (tf_cpu_symbol_is_ours(symbol)) {
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

void *tf_cpu_library_open(const char *name, const char *probe, char *why, size_t why_size)
{
	return open_library(name, probe, RTLD_NOW | RTLD_LOCAL, why, why_size);
}

void *tf_cpu_library_open_deep(const char *name, const char *probe, char *why, size_t why_size)
{
	return open_library(name, probe, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND, why, why_size);
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

void *tf_cpu_library_open_system(const char *const *names, int name_count, const char *probe,
				 char *why, size_t why_size)
{
	char directories[SYSTEM_DIRECTORIES][PATH_MAX];
	int count = system_directories(directories);
	char candidate[PATH_MAX + 32]; /* a directory of at most PATH_MAX - 1 bytes and a name */
	int tried = 0;
	for (int d = 0; d < count; d++)
		for (int n = 0; n < name_count; n++) {
			snprintf(candidate, sizeof candidate, "%.*s/%s", PATH_MAX - 1, directories[d],
				 names[n]);
			if (access(candidate, F_OK) != 0)
				continue;
			tried++;
			void *handle = tf_cpu_library_open(candidate, probe, why, why_size);
			if (handle)
				return handle;
		}
	if (!tried) {
		int length = snprintf(why, why_size, "no %s in", names[0]);
		for (int d = 0; d < count && length >= 0 && (size_t)length < why_size; d++)
			length += snprintf(why + length, why_size - (size_t)length, " %s", directories[d]);
	}
	return NULL;
}

void tf_cpu_library_path(void *symbol, char *path, size_t size)
{
	Dl_info info;
	if (symbol && dladdr(symbol, &info) && info.dli_fname)
		snprintf(path, size, "%s", info.dli_fname);
}
