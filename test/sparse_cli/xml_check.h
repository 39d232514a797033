/* xml_check.h: a small well-formedness check of an XML document (the SVG
 * of twofold-solve --plot): one root element, every element closed in
 * order, attributes quoted and not repeated, only the five predefined and
 * numeric character references, comments and one <?xml ...?> prolog. */
#ifndef TF_TEST_SPARSE_CLI_XML_CHECK_H
#define TF_TEST_SPARSE_CLI_XML_CHECK_H

#include <stddef.h>

/* Checks text.  Returns 0 when it is well-formed and its root element is
 * named root, and then sets *count to the number of elements named
 * element; otherwise -1 with the place and the reason in error. */
int xml_check(const char *text, const char *root, const char *element, int *count, char *error,
	      size_t error_size);

#endif
