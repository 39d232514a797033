/* The XML well-formedness check (xml_check.h): a recursive-descent reader
 * of the subset an SVG writer produces, strict about what it reads. */
#include "xml_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct reader {
	const char *text, *p;
	char *error;
	size_t error_size;
	const char *element;
	int count;
};

static int failed(struct reader *r, const char *format, ...)
{
	int line = 1;
	for (const char *q = r->text; q < r->p; q++)
		line += *q == '\n';
	int used = snprintf(r->error, r->error_size, "line %d: ", line);
	va_list args;
	va_start(args, format);
	if (used >= 0 && (size_t)used < r->error_size)
		vsnprintf(r->error + used, r->error_size - (size_t)used, format, args);
	va_end(args);
	return -1;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_name_char(char c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
	       (unsigned char)c >= 0x80 ||
	       (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
}

static void spaces(struct reader *r)
{
	while (is_space(*r->p))
		r->p++;
}

/* A name; its length, 0 when there is none. */
static size_t name(struct reader *r)
{
	const char *start = r->p;
	if (!is_name_char(*r->p, 1))
		return 0;
	while (is_name_char(*r->p, 0))
		r->p++;
	return (size_t)(r->p - start);
}

/* A reference after '&': &amp; &lt; &gt; &quot; &apos; &#N; &#xN;. */
static int reference(struct reader *r)
{
	static const char *const named[] = { "amp;", "lt;", "gt;", "quot;", "apos;" };
	r->p++;
	for (int i = 0; i < 5; i++)
		if (strncmp(r->p, named[i], strlen(named[i])) == 0) {
			r->p += strlen(named[i]);
			return 0;
		}
	if (*r->p == '#') {
		r->p++;
		int hex = *r->p == 'x';
		r->p += hex;
		int digits = 0;
		while ((*r->p >= '0' && *r->p <= '9') ||
		       (hex && ((*r->p >= 'a' && *r->p <= 'f') || (*r->p >= 'A' && *r->p <= 'F')))) {
			r->p++;
			digits++;
		}
		if (digits && *r->p == ';') {
			r->p++;
			return 0;
		}
	}
	return failed(r, "'&' that starts no character reference");
}

static int comment(struct reader *r)
{
	const char *end = strstr(r->p + 4, "--");
	if (!end || end[2] != '>')
		return failed(r, "a comment not closed by -->");
	r->p = end + 3;
	return 0;
}

static int element(struct reader *r, int depth);

/* The content of an element, up to its end tag "</" (not consumed). */
static int content(struct reader *r, int depth)
{
	for (;;) {
		if (!*r->p)
			return failed(r, "the document ends inside an element");
		if (*r->p == '&') {
			if (reference(r) != 0)
				return -1;
		} else if (*r->p == '<') {
			if (r->p[1] == '/')
				return 0;
			if (strncmp(r->p, "<!--", 4) == 0) {
				if (comment(r) != 0)
					return -1;
			} else if (element(r, depth + 1) != 0) {
				return -1;
			}
		} else if (*r->p == '>' && r->p > r->text + 1 && r->p[-1] == ']' && r->p[-2] == ']') {
			return failed(r, "']]>' in text");
		} else {
			r->p++;
		}
	}
}

static int element(struct reader *r, int depth)
{
	if (depth > 200)
		return failed(r, "elements nested too deeply");
	r->p++; /* '<' */
	const char *tag = r->p;
	size_t length = name(r);
	if (!length)
		return failed(r, "'<' not followed by a name");
	if (r->element && strlen(r->element) == length && strncmp(tag, r->element, length) == 0)
		r->count++;
	const char *attributes[64];
	size_t lengths[64];
	int count = 0;
	for (;;) {
		int had_space = is_space(*r->p);
		spaces(r);
		if (*r->p == '/' || *r->p == '>')
			break;
		if (!had_space)
			return failed(r, "attributes must be separated by white space");
		const char *attribute = r->p;
		size_t attribute_length = name(r);
		if (!attribute_length)
			return failed(r, "a malformed attribute in <%.*s>", (int)length, tag);
		for (int i = 0; i < count; i++)
			if (lengths[i] == attribute_length &&
			    strncmp(attributes[i], attribute, attribute_length) == 0)
				return failed(r, "attribute %.*s repeated", (int)attribute_length,
					      attribute);
		if (count < 64) {
			attributes[count] = attribute;
			lengths[count++] = attribute_length;
		}
		spaces(r);
		if (*r->p != '=')
			return failed(r, "attribute %.*s without '='", (int)attribute_length,
				      attribute);
		r->p++;
		spaces(r);
		char quote = *r->p;
		if (quote != '"' && quote != '\'')
			return failed(r, "attribute %.*s's value is not quoted", (int)attribute_length,
				      attribute);
		r->p++;
		while (*r->p != quote) {
			if (!*r->p || *r->p == '<')
				return failed(r, "attribute %.*s's value is not closed",
					      (int)attribute_length, attribute);
			if (*r->p == '&') {
				if (reference(r) != 0)
					return -1;
			} else {
				r->p++;
			}
		}
		r->p++;
	}
	if (*r->p == '/') {
		if (r->p[1] != '>')
			return failed(r, "'/' not followed by '>'");
		r->p += 2;
		return 0;
	}
	r->p++; /* '>' */
	if (content(r, depth) != 0)
		return -1;
	r->p += 2; /* "</" */
	const char *end = r->p;
	size_t end_length = name(r);
	if (end_length != length || strncmp(end, tag, length) != 0)
		return failed(r, "</%.*s> closes <%.*s>", (int)end_length, end, (int)length, tag);
	spaces(r);
	if (*r->p != '>')
		return failed(r, "an end tag not closed by '>'");
	r->p++;
	return 0;
}

/* Comments and white space, between the prolog, the root and the end. */
static int misc(struct reader *r)
{
	for (;;) {
		spaces(r);
		if (strncmp(r->p, "<!--", 4) != 0)
			return 0;
		if (comment(r) != 0)
			return -1;
	}
}

int xml_check(const char *text, const char *root, const char *element_name, int *count,
	      char *error, size_t error_size)
{
	struct reader r = { text, text, error, error_size, element_name, 0 };
	if (strncmp(r.p, "<?xml", 5) == 0) {
		const char *end = strstr(r.p, "?>");
		if (!end)
			return failed(&r, "the <?xml declaration is not closed");
		r.p = end + 2;
	}
	if (misc(&r) != 0)
		return -1;
	if (*r.p != '<')
		return failed(&r, "no root element");
	const char *tag = r.p + 1;
	if (strncmp(tag, root, strlen(root)) != 0 || is_name_char(tag[strlen(root)], 0))
		return failed(&r, "the root element is not <%s>", root);
	if (element(&r, 0) != 0 || misc(&r) != 0)
		return -1;
	if (*r.p)
		return failed(&r, "text after the root element");
	*count = r.count;
	return 0;
}
