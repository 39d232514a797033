/* pilaenv_probe [MODULE]: prints the answer of PILAENV (libtwofold's, the
 * program being linked with it), after loading MODULE into the global
 * scope when given (a stand-in for ScaLAPACK's own PILAENV). */
#include <dlfcn.h>
#include <stdio.h>

int pilaenv_(const int *ictxt, const char *prec);

int main(int argc, char **argv)
{
	if (argc > 1 && !dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL)) {
		fprintf(stderr, "pilaenv_probe: %s\n", dlerror());
		return 2;
	}
	int context = 0;
	printf("%d\n", pilaenv_(&context, "D"));
	return 0;
}
