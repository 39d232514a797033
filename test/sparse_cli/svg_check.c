/* svg_check FILE.svg RUNS: the file is well-formed XML, its root is <svg>,
 * and it holds RUNS <polyline> elements (one per run of twofold-solve). */
#include <stdio.h>
#include <stdlib.h>
#include "scratch.h"
#include "xml_check.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: svg_check FILE.svg RUNS\n");
		return 99;
	}
	char *text = scratch_read(argv[1]);
	if (!text) {
		printf("FAIL: cannot read %s\n", argv[1]);
		return 1;
	}
	char error[256];
	int count = -1, runs = atoi(argv[2]);
	int status = xml_check(text, "svg", "polyline", &count, error, sizeof error);
	free(text);
	if (status != 0) {
		printf("FAIL: %s is not well-formed: %s\n", argv[1], error);
		return 1;
	}
	if (count != runs) {
		printf("FAIL: %s has %d polylines, expected %d\n", argv[1], count, runs);
		return 1;
	}
	printf("%s: well-formed SVG with %d polylines\n", argv[1], count);
	return 0;
}
