# calls.awk: turns the CBLAS rows of src/abi/blas_routines.tbl into
# test/cblas/calls.h, the table of test/cblas/errors.c: for each routine a
# function that calls it, through a pointer, with every argument taken from
# struct cblas_values by its name, and the names of its parameters.  So a
# CBLAS routine in the table is in the test, owned or forwarded.
# Run by make; the output lives in the build tree only.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

# The value struct cblas_values gives a parameter: enumerations and sizes
# by their lower-case name, arrays and complex scalars the buffer, real
# scalars 1.
function value_of(type, name,    lower) {
	lower = tolower(name)
	if (type ~ /\*/) return "v->data"
	if (type ~ /^CBLAS_/ || type == "int") {
		if (lower !~ /^(layout|uplo|transa|transb|trans|side|diag|m|n|k|kl|ku|lda|ldb|ldc|incx|incy)$/) {
			printf("calls.awk: %s: no value for parameter %s\n", routine, name) > "/dev/stderr"
			exit 1
		}
		return "(" type ")v->" lower
	}
	if (type == "float" || type == "double") return "v->scalar"
	printf("calls.awk: %s: unknown type '%s'\n", routine, type) > "/dev/stderr"
	exit 1
}

/^[ \t]*(#|$)/ { next }
$1 ~ /^cblas_/ && $1 != "cblas_xerbla" {
	routine = $1; ret = $2
	text = $0
	sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", text)
	n = split(text, parts, ",")
	types = ""; args = ""; names = ""; sep = ""
	for (i = 1; i <= n; i++) {
		a = trim(parts[i])
		name = a; sub(/^.*[ *]/, "", name)
		type = trim(substr(a, 1, length(a) - length(name)))
		types = types sep type
		args = args sep value_of(type, name)
		names = names (i > 1 ? " " : "") name
		sep = ", "
	}
	count++
	fn[count] = routine; param_names[count] = names
	printf("static void call_%s(void *function, const struct cblas_values *v)\n{\n", routine)
	printf("\t((%s (*)(%s))function)(%s);\n}\n\n", ret, types, args)
}
END {
	print "static const struct cblas_routine cblas_routines[] = {"
	for (r = 1; r <= count; r++)
		printf("\t{ \"%s\", call_%s, \"%s\" },\n", fn[r], fn[r], param_names[r])
	print "};"
}
