/* An argument error reaches the handler it would reach without twofold:
 * a module loaded RTLD_LOCAL with its own xerbla_ (test/xerbla/module.c)
 * hears dgemm_'s errors and its own calls of xerbla_, although libtwofold,
 * preloaded or linked in place of the BLAS, exports a xerbla_ in the global
 * scope.  Built twice: linked with the reference BLAS (run with libtwofold
 * preloaded) and with libtwofold.
 *
 *   routing MODULE     loads MODULE, checks where dgemm_ resolves, runs it */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include "test/f77_blas.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		printf("usage: routing MODULE\n");
		return 99;
	}
	Dl_info info;
	if (!dladdr((void *)dgemm_, &info) || !info.dli_fname || !strstr(info.dli_fname, "libtwofold")) {
		printf("dgemm_ is not libtwofold's (%s): preload it\n",
		       info.dli_fname ? info.dli_fname : "?");
		return 99;
	}
	void *module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!module) {
		printf("cannot load %s: %s\n", argv[1], dlerror());
		return 99;
	}
	int (*module_errors)(void) = (int (*)(void))dlsym(module, "module_errors");
	if (!module_errors) {
		printf("%s has no module_errors\n", argv[1]);
		return 99;
	}
	int good = module_errors();
	printf("%d of 2 argument errors reached the module's own xerbla_\n", good);
	return good == 2 ? 0 : 1;
}
