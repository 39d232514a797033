/* twofold/types.h: the storage types of the two-term and triple formats.
 *
 * Shared by the public API (twofold.h) and the arithmetic (arith_*.h), and
 * the same in C, C++ and CUDA.  Each is a plain structure of its words,
 * most significant first; a value is the unevaluated sum of its words. */
#ifndef TWOFOLD_TYPES_H
#define TWOFOLD_TYPES_H

#include <stdint.h>

/* Double-double: hi + lo, 106 bits.  The layout (16 bytes, hi then lo) of
 * QD's dd_real and of CUDA's double2. */
typedef struct tf_dd {
	double hi;
	double lo;
} tf_dd;

/* Double-float: hi + lo, 48 bits, float's exponent range.  8 bytes. */
typedef struct tf_df {
	float hi;
	float lo;
} tf_df;

/* Triple-single: x + y + z, about 72 bits, float's exponent range.  12 bytes. */
typedef struct tf_ts {
	float x;
	float y;
	float z;
} tf_ts;

/* Double + single (DS), one value: hi + lo, 77 bits.  Arrays of DS values
 * are two arrays, double hi[] and float lo[] (12 bytes an element); this
 * structure (16 bytes, padded) is for scalars only. */
typedef struct tf_ds {
	double hi;
	float lo;
} tf_ds;

/* Double + int32 (DI), one value: hi + the remainder whose binary64
 * encoding has lo as its upper 32 bits, 75 bits.  Arrays of DI values are
 * two arrays, double hi[] and int32_t lo[]; this structure is for scalars. */
typedef struct tf_di {
	double hi;
	int32_t lo;
} tf_di;

/* DS packed, array-of-structures: the 8 bytes of the double hi (in the
 * machine's byte order) then the float lo, 12 bytes an element and 4-byte
 * aligned, so that an array of them is as compact as the two arrays of DS.
 * Read and written through tf_dsp_set / tf_dsp_get (twofold.h). */
typedef struct tf_ds_packed {
	uint32_t hi_words[2];
	float lo;
} tf_ds_packed;

#endif
