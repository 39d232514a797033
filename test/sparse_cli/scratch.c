/* The tests' scratch directory (scratch.h). */
#define _POSIX_C_SOURCE 200809L  /* mkdtemp, rmdir */
#include "scratch.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int scratch_failures;

static char directory[512];
static char names[64][64];
static int name_count;

void scratch_open(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(directory, sizeof directory, "%s/twofold-solve-test.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(directory)) {
		perror("mkdtemp");
		exit(99);
	}
}

const char *scratch_path(const char *name)
{
	static char path[640];
	snprintf(path, sizeof path, "%s/%s", directory, name);
	for (int i = 0; i < name_count; i++)
		if (strcmp(names[i], name) == 0)
			return path;
	if (name_count < 64)
		snprintf(names[name_count++], sizeof names[0], "%s", name);
	return path;
}

const char *scratch_write(const char *name, const char *text)
{
	const char *path = scratch_path(name);
	FILE *file = fopen(path, "wb");
	if (!file || fputs(text, file) < 0 || fclose(file) != 0) {
		perror(path);
		exit(99);
	}
	return path;
}

char *scratch_read(const char *path)
{
	FILE *file = fopen(path, "rb");
	if (!file)
		return NULL;
	size_t size = 0, capacity = 4096;
	char *text = malloc(capacity);
	size_t got;
	while (text && (got = fread(text + size, 1, capacity - size - 1, file)) > 0) {
		size += got;
		if (capacity - size < 2) {
			char *bigger = realloc(text, 2 * capacity);
			if (!bigger) {
				free(text);
				text = NULL;
			}
			text = bigger;
			capacity *= 2;
		}
	}
	fclose(file);
	if (text)
		text[size] = 0;
	return text;
}

int scratch_close(void)
{
	for (int i = 0; i < name_count; i++)
		remove(scratch_path(names[i]));
	rmdir(directory);
	if (scratch_failures)
		printf("%d checks failed\n", scratch_failures);
	else
		printf("all checks passed\n");
	return scratch_failures ? 1 : 0;
}
