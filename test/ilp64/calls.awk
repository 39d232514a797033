# calls.awk: turns src/abi/blas_routines.tbl into test/ilp64/calls.h, the
# table of test/ilp64/same.c: for each routine (xerbla_ and its kin aside,
# which end the program) two functions, one calling the 32-bit entry point
# and one its ILP64 twin (dgemm_64_, cblas_dgemm64_), through a pointer,
# with every integer taken from struct values32 or values64 by its name,
# every option from struct values, every array and Fortran scalar from its
# own slot of an arena; and the arguments' names (test/ilp64/blocks.c).  So
# every routine of the table is in the test.
# Run by make; the output lives in the build tree only.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

function c_type(t, bits) {
	if (t == "char") return "const char *"
	if (t == "int" || t == "logical") return bits == 64 ? "const int64_t *" : "const int *"
	if (t == "float" || t == "double") return t " *"
	if (t == "complex") return "float _Complex *"
	if (t == "dcomplex") return "double _Complex *"
	printf("calls.awk: %s: unknown Fortran type '%s'\n", routine, t) > "/dev/stderr"
	exit 1
}

function int_value(name, bits,    lower) {
	lower = tolower(name)
	if (lower !~ /^(m|n|k|kl|ku|lda|ldb|ldc|incx|incy)$/) {
		printf("calls.awk: %s: no value for parameter %s\n", routine, name) > "/dev/stderr"
		exit 1
	}
	return "i" bits "->" lower
}

function option_value(name,    lower) {
	lower = tolower(name)
	if (lower == "transb") return "transb"
	if (lower ~ /^trans/) return "trans"
	if (lower == "ca" || lower == "cb") return "uplo"
	return lower
}

function ret_type(t, bits) {
	if ((t == "int" || t == "logical") && fortran) return bits == 64 ? "int64_t" : "int"
	if (t == "complex") return "float _Complex"
	if (t == "dcomplex") return "double _Complex"
	return t
}

# One function: the call with bits-bit integers.
function emit(bits,    i, types, args, sep, hidden, t, name, fn, r) {
	types = ""; args = ""; sep = ""; hidden = ""
	for (i = 1; i <= n; i++) {
		t = type[i]; name = names[i]
		if (fortran) {
			types = types sep c_type(t, bits)
			if (t == "char") {
				args = args sep "&o->" option_value(name)
				hidden = hidden ", 1"
			} else if (t == "int" && i == n && routine ~ /sub_$/)
				args = args sep "(void *)a->out"
			else if (t == "int")
				args = args sep "&" int_value(name, bits)
			else
				args = args sep "(void *)a->slot[" i "]"
		} else {
			if (t == "int") {
				types = types sep (bits == 64 ? "int64_t" : "int")
				args = args sep int_value(name, bits)
			} else {
				types = types sep t
				if (t ~ /\*/) args = args sep "(void *)a->slot[" i "]"
				else if (t ~ /^CBLAS_/) args = args sep "o->c" option_value(name)
				else args = args sep "o->scalar"
			}
		}
		sep = ", "
	}
	if (fortran) for (i = 1; i <= n; i++) if (type[i] == "char") types = types ", size_t"
	fn = routine (bits == 64 ? "64_" : "")
	r = ret_type(ret, bits)
	printf("static void call%d_%s(void *f, const struct values *o, const struct values%d *i%d, struct arena *a)\n{\n",
	       bits, routine, bits, bits)
	printf("\t(void)o, (void)i%d;\n", bits)
	if (ret == "void")
		printf("\t((void (*)(%s))f)(%s%s);\n}\n\n", types, args, hidden)
	else
		printf("\t*(%s *)a->result = ((%s (*)(%s))f)(%s%s);\n}\n\n", r, r, types, args, hidden)
}

# The element type of the slot of an argument: "s" (float, complex), "d"
# (double, double complex), "-" none; a CBLAS void * by the routine's name.
function kind_of(t,    letters) {
	if (t ~ /double|dcomplex/) return "d"
	if (t ~ /float|complex/) return "s"
	if (t ~ /void/) {
		letters = routine; sub(/^cblas_i?/, "", letters)
		return letters ~ /^[sdc]*z/ ? "d" : "s"
	}
	return "-"
}

/^[ \t]*(#|$)/ { next }
$1 == "xerbla_" || $1 == "xerbla_array_" || $1 == "cblas_xerbla" { next }
{
	routine = $1; ret = $2
	fortran = routine ~ /_$/
	text = $0
	sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", text)
	n = (text == "" || text == "void") ? 0 : split(text, parts, ",")
	for (i = 1; i <= n; i++) {
		a = trim(parts[i])
		name = a; sub(/^.*[ *]/, "", name)
		array = sub(/\[\]$/, "", name)
		names[i] = name
		type[i] = trim(substr(a, 1, length(a) - length(name) - 2 * array))
	}
	count++
	fn[count] = routine
	int_result[count] = (ret == "int" || ret == "logical") && fortran
	if (routine ~ /amaxsub_$/) int_result[count] = 2
	kinds[count] = ""
	args[count] = ""
	for (i = 1; i <= n; i++) kinds[count] = kinds[count] kind_of(type[i])
	for (i = 1; i <= n; i++) args[count] = args[count] (i > 1 ? " " : "") tolower(names[i])
	emit(32)
	emit(64)
}
END {
	print "static const struct routine routines[] = {"
	for (r = 1; r <= count; r++)
		printf("\t{ \"%s\", call32_%s, call64_%s, %d, \"%s\", \"%s\" },\n", fn[r], fn[r], fn[r],
		       int_result[r], kinds[r], args[r])
	print "};"
}
