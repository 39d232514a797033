#include "config.h"

/* lsame_: whether two option letters are the same regardless of case, as
 * the reference's LSAME says (ASCII).  LAPACK calls it for every option of
 * every routine, tens of millions of times in its testers, each call a few
 * instructions in the reference; forwarded through the call bracket it cost
 * several times that.  It computes nothing in floating point, so it is
 * answered here, outside the bracket: TWOFOLD_LOG does not count it. */
#include <stddef.h>
#include "core/export.h"

static int upper(unsigned char c)
{
	return c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c;
}

TF_EXPORT int lsame_(const char *ca, const char *cb, size_t ca_len, size_t cb_len)
{
	(void)ca_len; /* single characters; C callers may omit the lengths */
	(void)cb_len;
	return *ca == *cb || upper((unsigned char)*ca) == upper((unsigned char)*cb);
}
