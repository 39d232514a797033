/* mtx_read.h: a sparse matrix from a Matrix Market file, as CRS.
 *
 * Reads the coordinate format with the fields real, integer and pattern
 * (every stored value 1) and the symmetries general, symmetric and
 * skew-symmetric; a symmetric or skew-symmetric file is expanded to the
 * full matrix.  Anything else (array format, complex, hermitian) and every
 * malformed line is refused with a one-line message "FILE:LINE: what is
 * wrong".  An entry given twice is refused too, not summed: the format
 * does not define duplicates, and a file that has them is more often wrong
 * than assembled on purpose.  A symmetric file's entries may lie in either
 * triangle; an entry and its mirror image both given count as the same
 * entry given twice. */
#ifndef TF_TOOLS_MTX_READ_H
#define TF_TOOLS_MTX_READ_H

#include <stddef.h>
#include <stdint.h>

enum mtx_field { MTX_REAL, MTX_INTEGER, MTX_PATTERN };
enum mtx_symmetry { MTX_GENERAL, MTX_SYMMETRIC, MTX_SKEW_SYMMETRIC };

struct mtx_matrix {
	int rows, cols;
	int64_t nnz;          /* stored entries, after expansion */
	int base;             /* of row_ptr and col_idx: 0 as read */
	int *row_ptr;         /* rows + 1 */
	int *col_idx;         /* columns increasing within each row */
	double *values;
	enum mtx_field field;
	enum mtx_symmetry symmetry;
	int64_t file_entries; /* entries the file lists */
};

/* Reads path into m.  Returns 0, or -1 with the message in error (and m
 * empty). */
int mtx_read(const char *path, struct mtx_matrix *m, char *error, size_t error_size);

/* Renumbers row_ptr and col_idx to count from base (0 or 1). */
void mtx_rebase(struct mtx_matrix *m, int base);

void mtx_free(struct mtx_matrix *m);

/* "real", "integer", "pattern"; "general", "symmetric", "skew-symmetric". */
const char *mtx_field_name(enum mtx_field field);
const char *mtx_symmetry_name(enum mtx_symmetry symmetry);

#endif
