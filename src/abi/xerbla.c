#include "config.h"

/* xerbla_: the routing of argument errors.
 *
 * Without twofold, a call of xerbla_ binds to the first definition in the
 * global scope (the program's own, say), else to the first in the local
 * scope of the group its object was loaded with: a Python extension loaded
 * RTLD_LOCAL (numpy's lapack_lite) defines xerbla_ to raise an exception,
 * and the LAPACK and BLAS it depends on, loaded in its group, call that one.
 * libtwofold, preloaded or in place of libblas.so.3, is in the global scope,
 * so its exported xerbla_ would take those calls.  So:
 *
 *  - twofold's xerbla_ (weak: a program's own wins outright) hands the call
 *    to the handler its caller's group would have found (module_xerbla),
 *    and else to the next definition in lookup order, the CPU BLAS's
 *    (cpu/blas_library.c);
 *  - an error twofold's entry points detect (tf_report_illegal, check.c)
 *    goes to the program's own xerbla_ if it has one, else to the handler
 *    of the group of the code that called the entry point (the return
 *    address tf_call_begin keeps), else to twofold's xerbla_ above.
 *
 * The group is not public: a loaded object that defines xerbla_ itself is
 * taken as the caller's when looking up, in its scope (the object and its
 * dependencies), the caller's function finds the caller's function; the
 * first such object in load order (a group's first object comes before its
 * dependencies). */
#include <dlfcn.h>
#include <link.h>
#include "abi/xerbla.h"
#include "core/export.h"
#include "cpu/blas_functions.h"
#include "cpu/blas_library.h"
#include "plan/call.h"

/* The loaded object that holds address, or NULL. */
static struct link_map *object_of(const void *address)
{
	Dl_info info;
	struct link_map *object = NULL;
	if (!address || !dladdr1(address, &info, (void **)&object, RTLD_DL_LINKMAP))
		return NULL;
	return object;
}

struct search {
	const char *function;     /* the caller's function */
	const void *address;      /* where it is */
	struct link_map *twofold; /* libtwofold, never the handler */
	tf_xerbla_handler *found;
};

static int visit(struct dl_phdr_info *loaded, size_t size, void *context)
{
	struct search *search = context;
	(void)size;
	if (!loaded->dlpi_name || !loaded->dlpi_name[0]) /* the program: global anyway */
		return 0;
	void *handle = dlopen(loaded->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
	if (!handle)
		return 0;
	struct link_map *object = NULL;
	void *handler = dlsym(handle, "xerbla_");
	if (handler && dlinfo(handle, RTLD_DI_LINKMAP, &object) == 0 && object != search->twofold &&
	    object_of(handler) == object && dlsym(handle, search->function) == search->address)
		search->found = (tf_xerbla_handler *)handler;
	dlclose(handle);
	return search->found != NULL;
}

tf_xerbla_handler *tf_module_xerbla(const void *address)
{
	Dl_info info;
	struct search search = { .twofold = object_of((const void *)tf_module_xerbla) };
	if (!address || !dladdr(address, &info) || !info.dli_sname || !info.dli_saddr ||
	    object_of(address) == search.twofold)
		return NULL;
	search.function = info.dli_sname;
	search.address = info.dli_saddr;
	dl_iterate_phdr(visit, &search);
	return search.found;
}

/* The program's own xerbla_ (the global scope's first), or NULL where that
 * is libtwofold's. */
tf_xerbla_handler *tf_global_xerbla(void)
{
	void *handler = dlsym(RTLD_DEFAULT, "xerbla_");
	if (!handler || object_of(handler) == object_of((const void *)tf_module_xerbla))
		return NULL;
	return (tf_xerbla_handler *)handler;
}

tf_xerbla64_handler *tf_global_xerbla64(void)
{
	void *handler = dlsym(RTLD_DEFAULT, "xerbla_64_");
	if (!handler || object_of(handler) == object_of((const void *)tf_module_xerbla))
		return NULL;
	return (tf_xerbla64_handler *)handler;
}

TF_EXPORT TF_WEAK void xerbla_(const char *srname, int *info, size_t srname_len)
{
	tf_xerbla_handler *handler = tf_module_xerbla(__builtin_return_address(0));
	struct tf_call call;
	tf_call_begin(&call, TF_R_xerbla_);
	if (handler)
		handler(srname, info, srname_len);
	else
		((tf_blas_fn_xerbla_)tf_cpu_blas_symbol(TF_R_xerbla_))(srname, info, srname_len);
	tf_call_end(&call, TF_WHERE_CPU_BLAS, 0.0);
}
