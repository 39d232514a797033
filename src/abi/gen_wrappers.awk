# gen_wrappers.awk: turns blas_routines.tbl into, each for its layer,
#   -v out=ids        op/blas_routines.h    routine ids and the list of names
#   -v out=functions  cpu/blas_functions.h  the type of each routine as the
#                                           CPU BLAS defines it
#   -v out=wrappers   abi/blas_forward.c    the forwarding wrappers
#   -v out=ilp64      abi/blas_ilp64.c      the ILP64 entry points (dgemm_64_,
#                                           cblas_dgemm64_): 64-bit integers
# Run by make; the outputs live in the build tree only.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

# Splits the argument column of row r into arg_type[r, i], arg_name[r, i],
# arg_array[r, i]; returns the count.
function parse_args(r, text,    parts, n, i, a, name) {
	if (text == "" || text == "void") return 0
	n = split(text, parts, ",")
	for (i = 1; i <= n; i++) {
		a = trim(parts[i])
		if (a == "...") { arg_type[r, i] = "..."; arg_name[r, i] = ""; continue }
		name = a
		sub(/^.*[ *]/, "", name)
		arg_array[r, i] = sub(/\[\]$/, "", name)
		arg_name[r, i] = name
		arg_type[r, i] = trim(substr(a, 1, length(a) - length(name) - 2 * arg_array[r, i]))
	}
	return n
}

function fortran_c_type(t) {
	if (t == "char" || t == "string") return "const char *"
	if (t == "int" || t == "logical") return "int *"
	if (t == "float" || t == "double") return t " *"
	if (t == "complex") return "float _Complex *"
	if (t == "dcomplex") return "double _Complex *"
	printf("blas_routines.tbl:%d: unknown Fortran type '%s'\n", line_of[r], t) > "/dev/stderr"
	exit 1
}

function fortran_return(t) {
	if (t == "logical") return "int"
	if (t == "complex") return "float _Complex"
	if (t == "dcomplex") return "double _Complex"
	return t
}

# The C parameter list of row r (hidden lengths included for Fortran).
function params(r,    i, s, sep, hidden) {
	s = ""; sep = ""; hidden = ""
	for (i = 1; i <= nargs[r]; i++) {
		if (!fortran[r]) {
			s = s sep (arg_type[r, i] == "..." ? "..." : arg_type[r, i] " " arg_name[r, i])
		} else {
			s = s sep fortran_c_type(arg_type[r, i]) arg_name[r, i]
			if (arg_type[r, i] == "char" || arg_type[r, i] == "string")
				hidden = hidden ", size_t " arg_name[r, i] "_len"
		}
		sep = ", "
	}
	if (s == "") s = "void"
	return s hidden
}

# The argument list a wrapper passes on to the CPU BLAS.
function call_args(r,    i, s, sep, hidden) {
	s = ""; sep = ""; hidden = ""
	for (i = 1; i <= nargs[r]; i++) {
		s = s sep arg_name[r, i]
		sep = ", "
		if (fortran[r] && arg_type[r, i] == "char") hidden = hidden ", 1"
		if (fortran[r] && arg_type[r, i] == "string") hidden = hidden ", " arg_name[r, i] "_len"
	}
	return s hidden
}

# Statements that mark the hidden lengths of one-character options unused:
# they are forwarded as 1, never read.
function unused_lengths(r,    i, s) {
	s = ""
	for (i = 1; i <= nargs[r]; i++)
		if (fortran[r] && arg_type[r, i] == "char")
			s = s "\t(void)" arg_name[r, i] "_len;\n"
	return s
}

# ---- ILP64: the same routines with 64-bit integers, named as ILP64 builds
# of OpenBLAS and the reference name them and libblastrampoline looks them
# up with the suffix "64_": dgemm_ -> dgemm_64_, cblas_dgemm -> cblas_dgemm64_.
# Integers and LOGICAL are 64-bit (-fdefault-integer-8); nothing else moves.

function name64(r) { return name[r] "64_" }

function c_type64(r, i,    t) {
	t = arg_type[r, i]
	if (fortran[r]) return (t == "int" || t == "logical") ? "int64_t *" : fortran_c_type(t)
	return t == "int" ? "int64_t" : t
}

function return64(r) { return (ret[r] == "int" || ret[r] == "logical") ? "int64_t" : ret[r] }

function params64(r,    i, s, sep, hidden) {
	s = ""; sep = ""; hidden = ""
	for (i = 1; i <= nargs[r]; i++) {
		s = s sep c_type64(r, i) (fortran[r] ? "" : " ") arg_name[r, i]
		if (fortran[r] && (arg_type[r, i] == "char" || arg_type[r, i] == "string"))
			hidden = hidden ", size_t " arg_name[r, i] "_len"
		sep = ", "
	}
	if (s == "") s = "void"
	return s hidden
}

# Whether argument i of row r is the result a *sub routine stores.
function is_out(r, i) { return i == nargs[r] && (name[r] ~ /sub_$/ || name[r] ~ /_sub$/) }

function is_int(r, i) { return arg_type[r, i] == "int" && !is_out(r, i) }

# The value of integer argument i (Fortran: by reference).
function value_of(r, i) { return (fortran[r] ? "*" : "") arg_name[r, i] }

# The vector arguments of Level 1: x, y and their increments.
function is_vector(r, i,    n) { n = tolower(arg_name[r, i]); return n == "x" || n == "y" }

function increment_of(r, i,    j, want) {
	want = "inc" tolower(arg_name[r, i])
	for (j = 1; j <= nargs[r]; j++) if (tolower(arg_name[r, j]) == want) return j
	return 0
}

function length_of(r,    j) {
	for (j = 1; j <= nargs[r]; j++) if (tolower(arg_name[r, j]) == "n") return j
	return 0
}

# The type letters of a CBLAS name (cblas_dznrm2: "dz"), for its void *
# arrays: complex, double complex where a z is among them.
function type_letters(r,    s) {
	s = name[r]; sub(/^cblas_/, "", s); sub(/^i/, "", s)
	match(s, /^[sdcz]+/)
	return substr(s, 1, RLENGTH)
}

# The element of vector argument i: "s", "d", "c" or "z".
function element_kind(r, i,    t) {
	t = arg_type[r, i]
	if (t ~ /dcomplex/) return "z"
	if (t ~ /complex/) return "c"
	if (t ~ /double/) return "d"
	if (t ~ /float/) return "s"
	return index(type_letters(r), "z") ? "z" : "c"
}

function element_size(kind) { return kind == "s" ? 4 : kind == "z" ? 16 : 8 }

# Level 1 over vectors: every integer is n or an increment, no option, no
# array but x, y and rotm's param.
function vector_only(r,    i, n, count) {
	count = 0
	for (i = 1; i <= nargs[r]; i++) {
		if (arg_type[r, i] == "char" || arg_type[r, i] ~ /^CBLAS_/) return 0
		if ((arg_array[r, i] || arg_type[r, i] ~ /\*/) && !is_vector(r, i) && !is_out(r, i) &&
		    tolower(arg_name[r, i]) !~ /^(param|p|alpha)$/)
			return 0
		if (!is_int(r, i)) continue
		n = tolower(arg_name[r, i])
		if (n != "n" && n != "incx" && n != "incy") return 0
		count++
	}
	return count > 0 && length_of(r) > 0
}

# How chunks of a Level 1 call combine: "each" (elementwise: nothing to
# combine), "sum" (dot, asum), "nrm2", "amax"; "" where they do not
# (sdsdot adds sb, and rounds to float, in each call).
function reduction(r,    reduces) {
	if (!vector_only(r)) return ""
	reduces = ret[r] != "void" || name[r] ~ /sub_$/ || name[r] ~ /_sub$/
	if (!reduces) return "each"
	if (name[r] ~ /sdsdot/) return ""
	if (name[r] ~ /amax/) return "amax"
	if (name[r] ~ /nrm2/) return "nrm2"
	if (name[r] ~ /dot|asum/) return "sum"
	return ""
}

# The C type of a reduction's value: what the routine returns, or what its
# out argument points to.
function part_type(r,    t) {
	if (ret[r] != "void") return ret[r]
	t = arg_type[r, nargs[r]]
	if (t == "int") return "int"
	if (t == "float" || t == "double") return t
	if (t == "complex") return "float _Complex"
	if (t == "dcomplex") return "double _Complex"
	return index(type_letters(r), "z") ? "double _Complex" : "float _Complex"
}

# The arguments of the 32-bit entry point: 32-bit copies of the integers
# (name32), the rest as received; chunked: vectors at the chunk's first
# element.
function call32_args(r, chunked,    i, s, sep, hidden, a, inc) {
	s = ""; sep = ""; hidden = ""
	for (i = 1; i <= nargs[r]; i++) {
		a = arg_name[r, i]
		if (is_out(r, i) && chunked)
			a = "&part"
		else if (is_int(r, i) || (is_out(r, i) && arg_type[r, i] == "int"))
			a = (fortran[r] ? "&" : "") a "32"
		else if (chunked && is_vector(r, i)) {
			inc = increment_of(r, i)
			a = sprintf("tf_ilp64_at(%s, %d, %s, %s, &span)", arg_name[r, i],
				    element_size(element_kind(r, i)), value_of(r, length_of(r)), value_of(r, inc))
		}
		s = s sep a
		sep = ", "
		if (fortran[r] && arg_type[r, i] == "char") hidden = hidden ", 1"
		if (fortran[r] && arg_type[r, i] == "string") hidden = hidden ", " arg_name[r, i] "_len"
	}
	return s hidden
}

# "return " or "", for a statement that ends the wrapper with the value.
function returning(r) { return ret[r] == "void" ? "" : "return " }

function emit_chunks(r, kind,    i, fits, part, result, out, sets) {
	fits = ""
	for (i = 1; i <= nargs[r]; i++)
		if (is_int(r, i) && tolower(arg_name[r, i]) != "n")
			fits = fits (fits == "" ? "" : " && ") "tf_ilp64_fits(" value_of(r, i) ")"
	if (fits == "") fits = "1"
	sets = ""
	for (i = 1; i <= nargs[r]; i++) {
		if (!is_int(r, i)) continue
		if (tolower(arg_name[r, i]) == "n")
			sets = sets "\t\t" arg_name[r, i] "32 = span.count;\n"
		else
			sets = sets "\t\t" arg_name[r, i] "32 = tf_ilp64_increment(&span, " value_of(r, i) ");\n"
	}
	part = kind == "each" ? "" : part_type(r)
	if (kind == "sum" || kind == "nrm2") print "\tstruct tf_ilp64_sum sum = { 0 };"
	if (kind == "amax") printf("\tstruct tf_ilp64_amax best = { .one_based = %d };\n", fortran[r])
	printf("\tfor (struct tf_ilp64_span span = tf_ilp64_first(%s, %s); span.count;\n", value_of(r, length_of(r)), fits)
	print "\t     tf_ilp64_next(&span)) {"
	printf("%s", sets)
	if (kind == "each") {
		printf("\t\t%s(%s);\n", name[r], call32_args(r, 1))
		print "\t}"
		return
	}
	if (ret[r] != "void") printf("\t\t%s part = %s(%s);\n", part, name[r], call32_args(r, 1))
	else printf("\t\t%s part;\n\t\t%s(%s);\n", part, name[r], call32_args(r, 1))
	if (kind == "amax") {
		for (i = 1; i <= nargs[r]; i++) if (is_vector(r, i)) break
		printf("\t\ttf_ilp64_amax_add(&best, &span, part, tf_ilp64_at(%s, %d, %s, %s, &span), '%s', %s32);\n",
		       arg_name[r, i], element_size(element_kind(r, i)), value_of(r, length_of(r)),
		       value_of(r, increment_of(r, i)), element_kind(r, i), arg_name[r, increment_of(r, i)])
		result = "best.index"
	} else if (kind == "nrm2") {
		print "\t\ttf_ilp64_norm_add(&sum, part);"
		result = "tf_ilp64_norm(&sum)"
	} else if (part ~ /_Complex/) {
		print "\t\ttf_ilp64_sum_add(&sum, creal(part), cimag(part));"
		result = (part ~ /float/ ? "CMPLXF" : "CMPLX") "(tf_ilp64_sum_re(&sum), tf_ilp64_sum_im(&sum))"
	} else {
		print "\t\ttf_ilp64_sum_add(&sum, part, 0.0);"
		result = "tf_ilp64_sum_re(&sum)"
	}
	print "\t}"
	if (ret[r] != "void") {
		printf("\treturn %s;\n", result)
	} else {
		out = arg_name[r, nargs[r]]
		if (arg_type[r, nargs[r]] ~ /void/) printf("\t*(%s *)%s = %s;\n", part, out, result)
		else printf("\t*%s = %s;\n", out, result)
	}
}

function emit_ilp64(r,    i, fits, decl, ints, chars, sep, count, kind, weak, checked, copt, ncopts) {
	fits = ""; decl = ""; ints = ""; chars = ""; sep = ""; count = 0; ncopts = 0
	for (i = 1; i <= nargs[r]; i++) {
		if (is_int(r, i) || (is_out(r, i) && arg_type[r, i] == "int"))
			decl = decl (decl == "" ? "" : ", ") arg_name[r, i] "32 = 0"
		if (is_int(r, i)) {
			fits = fits (fits == "" ? "" : " &\n\t\t   ") "tf_ilp64_narrow(" value_of(r, i) ", &" arg_name[r, i] "32)"
			ints = ints sep value_of(r, i); sep = ", "; count++
		}
		if (fortran[r] && arg_type[r, i] == "char") chars = chars "*" arg_name[r, i] ", "
		if (arg_type[r, i] ~ /^CBLAS_(TRANSPOSE|UPLO|DIAG|SIDE)$/) {
			copt = tolower(arg_type[r, i]); sub(/^cblas_/, "", copt); sub(/transpose/, "trans", copt)
			chars = chars "tf_cblas_" copt "(" arg_name[r, i] "), "
			ncopts++
		}
	}
	# xerbla_ is weak in both forms: a program's own wins (abi/xerbla.c)
	weak = how[r] == "weak" || name[r] == "xerbla_"
	print ""
	printf("%s %s(%s);\n", ret[r], name[r], params(r))
	printf("TF_EXPORT%s %s %s(%s)\n", weak ? " TF_WEAK" : "", return64(r), name64(r), params64(r))
	print "{"
	printf("%s", unused_lengths(r))
	if (count == 0) {
		printf("\t%s%s(%s);\n", returning(r), name[r], call32_args(r, 0))
		print "}"
		return
	}
	printf("\ttf_blas64_fn_%s blas64 = (tf_blas64_fn_%s)tf_cpu_blas64_symbol(TF_R_%s);\n", name[r], name[r], name[r])
	printf("\tint %s;\n", decl)
	printf("\tint fits = %s;\n", fits)
	# twofold's own routines keep their 32-bit entry (DD, the GPU) wherever
	# the integers allow; the forwarded ones go to the 64-bit CPU BLAS.
	# Level 2 and 3 (Fortran) are checked in 64 bits first where twofold
	# would answer, so that every error of a _64_ call is reported alike
	# (xerbla_64_ where the program has one), whatever its size.
	kind = reduction(r)
	checked = kind == "" && fortran[r]
	if (kind == "") {
		printf("\tconst int64_t ints[] = { %s };\n", ints)
		printf("\tconst char options[] = { %s0 };\n", chars)
	}
	if (how[r] == "own") {
		if (checked) emit_check(r)
		if (kind == "" && !fortran[r] && arg_name[r, 1] == "layout") emit_cblas_check(r, ncopts)
		emit_call32(r)
		emit_forward64(r)
	} else {
		emit_forward64(r)
		if (checked) emit_check(r)
		if (kind == "" && !fortran[r] && arg_name[r, 1] == "layout") emit_cblas_check(r, ncopts)
		emit_call32(r)
	}
	if (kind != "") {
		emit_chunks(r, kind)
	} else {
		emit_blocks(r)
		if (ret[r] != "void") printf("\treturn 0;\n")
	}
	print "}"
}

# Level 2 and 3 beyond 32 bits: in blocks of 32-bit calls (abi/ilp64_blocks.c),
# given every argument that is not an option or an integer as a pointer
# (CBLAS scalars by value: their address).
function emit_blocks(r,    i, ptrs, a, t, cblas) {
	cblas = !fortran[r] && arg_name[r, 1] == "layout"
	if (!fortran[r] && !cblas) {
		printf("\ttf_ilp64_beyond(TF_R_%s, options, ints);\n", name[r])
		return
	}
	ptrs = ""
	for (i = 1; i <= nargs[r]; i++) {
		t = arg_type[r, i]
		if (is_int(r, i) || is_out(r, i) || t == "char" || t == "string" || t ~ /^CBLAS_/) continue
		a = arg_name[r, i]
		if (!fortran[r] && !arg_array[r, i] && t !~ /\*/) a = "&" a
		ptrs = ptrs (ptrs == "" ? "" : ", ") "(void *)" a
	}
	printf("\tvoid *const ptrs[] = { %s };\n", ptrs == "" ? "0" : ptrs)
	if (cblas)
		printf("\ttf_ilp64_cblas_blocks(TF_R_%s, layout, options, ints, ptrs);\n", name[r])
	else
		printf("\ttf_ilp64_blocks(TF_R_%s, options, ints, ptrs);\n", name[r])
}

function emit_check(r) {
	printf("\tif (tf_ilp64_illegal(TF_R_%s, options, ints))\n\t\treturn%s;\n", name[r],
	       ret[r] == "void" ? "" : " 0")
}

# CBLAS Level 2 and 3 beyond 32 bits: column major checked as the
# reference's Fortran routine checks it; a bad option or layout reported by
# the 32-bit entry point, called with every integer 0.
function emit_cblas_check(r, ncopts,    i, zero) {
	zero = ""
	for (i = 1; i <= nargs[r]; i++)
		if (is_int(r, i)) zero = zero "\t\t\t" arg_name[r, i] "32 = 0;\n"
	printf("\tif (!fits) {\n")
	printf("\t\tint checked = tf_ilp64_cblas_illegal(TF_R_%s, layout, options, %d, ints);\n", name[r], ncopts)
	printf("\t\tif (checked > 0)\n\t\t\treturn%s;\n", ret[r] == "void" ? "" : " 0")
	printf("\t\tif (checked < 0) {\n%s\t\t\tfits = 1;\n\t\t}\n\t}\n", zero)
}

function emit_call32(r,    i, out) {
	out = ""
	for (i = 1; i <= nargs[r]; i++)
		if (is_out(r, i) && arg_type[r, i] == "int") out = arg_name[r, i]
	if (ret[r] != "void") {
		printf("\tif (fits)\n\t\treturn %s(%s);\n", name[r], call32_args(r, 0))
		return
	}
	printf("\tif (fits) {\n\t\t%s(%s);\n", name[r], call32_args(r, 0))
	if (out != "") printf("\t\t*%s = %s32;\n", out, out)
	print "\t\treturn;\n\t}"
}

function emit_forward64(r) {
	print "\tif (blas64) {"
	print "\t\tstruct tf_call call;"
	printf("\t\ttf_call_begin(&call, TF_R_%s);\n", name[r])
	if (ret[r] == "void") printf("\t\tblas64(%s);\n", call_args(r))
	else printf("\t\t%s result = blas64(%s);\n", return64(r), call_args(r))
	print "\t\ttf_call_end(&call, TF_WHERE_CPU_BLAS, 0.0);"
	print "\t\treturn" (ret[r] == "void" ? "" : " result") ";"
	print "\t}"
}

/^[ \t]*(#|$)/ { next }
{
	r = ++count
	line_of[r] = NR
	name[r] = $1; how[r] = $3
	if (how[r] != "-" && how[r] != "weak" && how[r] != "own") {
		printf("blas_routines.tbl:%d: unknown 'how' column '%s'\n", NR, how[r]) > "/dev/stderr"
		exit 1
	}
	fortran[r] = (name[r] ~ /_$/)
	ret[r] = fortran[r] ? fortran_return($2) : $2
	text = $0
	sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", text)
	nargs[r] = parse_args(r, text)
}

END {
	print "/* Generated from src/abi/blas_routines.tbl by gen_wrappers.awk. */"
	if (out == "ids") {
		print "#ifndef TF_OP_BLAS_ROUTINES_H"
		print "#define TF_OP_BLAS_ROUTINES_H"
		print ""
		print "enum tf_routine {"
		for (r = 1; r <= count; r++) printf("\tTF_R_%s,\n", name[r])
		print "\tTF_ROUTINE_COUNT"
		print "};"
		print ""
		print "/* X(name) for each routine, in the order of their ids. */"
		print "#define TF_BLAS_ROUTINES(X) \\"
		for (r = 1; r <= count; r++) printf("\tX(%s)%s\n", name[r], r < count ? " \\" : "")
		print ""
		print "#endif"
	} else if (out == "functions") {
		print "#ifndef TF_CPU_BLAS_FUNCTIONS_H"
		print "#define TF_CPU_BLAS_FUNCTIONS_H"
		print "#include <stddef.h>"
		print "#include \"op/cblas_types.h\""
		print ""
		for (r = 1; r <= count; r++)
			printf("typedef %s (*tf_blas_fn_%s)(%s);\n", ret[r], name[r], params(r))
		print ""
		print "/* The same in a 64-bit CPU BLAS (dgemm_64_, or dgemm_ built ILP64). */"
		print "#include <stdint.h>"
		for (r = 1; r <= count; r++)
			if (arg_type[r, nargs[r]] != "...")
				printf("typedef %s (*tf_blas64_fn_%s)(%s);\n", return64(r), name[r], params64(r))
		print ""
		print "#endif"
	} else if (out == "wrappers") {
		print "#include \"config.h\""
		print "#include \"core/export.h\""
		print "#include \"cpu/blas_functions.h\""
		print "#include \"cpu/blas_library.h\""
		print "#include \"plan/call.h\""
		for (r = 1; r <= count; r++) {
			if (how[r] == "own") continue
			print ""
			printf("TF_EXPORT%s %s %s(%s)\n", how[r] == "weak" ? " TF_WEAK" : "", ret[r], name[r], params(r))
			print "{"
			printf("%s", unused_lengths(r))
			printf("\ttf_blas_fn_%s blas = (tf_blas_fn_%s)tf_cpu_blas_symbol(TF_R_%s);\n", name[r], name[r], name[r])
			print "\tstruct tf_call call;"
			printf("\ttf_call_begin(&call, TF_R_%s);\n", name[r])
			if (ret[r] == "void") {
				printf("\tblas(%s);\n", call_args(r))
				print "\ttf_call_end(&call, TF_WHERE_CPU_BLAS, 0.0);"
			} else {
				printf("\t%s result = blas(%s);\n", ret[r], call_args(r))
				print "\ttf_call_end(&call, TF_WHERE_CPU_BLAS, 0.0);"
				print "\treturn result;"
			}
			print "}"
		}
	} else if (out == "ilp64") {
		print "#include \"config.h\""
		print "#include <complex.h>"
		print "#include <string.h>"
		print "#include \"abi/check.h\""
		print "#include \"abi/ilp64.h\""
		print "#include \"core/export.h\""
		print "#include \"cpu/blas_functions.h\""
		print "#include \"cpu/blas_library.h\""
		print "#include \"plan/call.h\""
		for (r = 1; r <= count; r++)
			if (arg_type[r, nargs[r]] != "...")
				emit_ilp64(r)
		print ""
		print "/* The 32-bit Fortran entry points by name, for the calls in blocks. */"
		print "void (*tf_ilp64_entry(const char *name))(void)"
		print "{"
		print "\tstatic const struct {"
		print "\t\tconst char *name;"
		print "\t\tvoid (*entry)(void);"
		print "\t} entries[] = {"
		for (r = 1; r <= count; r++)
			if (fortran[r] && arg_type[r, nargs[r]] != "..." && name[r] !~ /^xerbla/)
				printf("\t\t{ \"%s\", (void (*)(void))%s },\n", name[r], name[r])
		print "\t};"
		print "\tfor (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++)"
		print "\t\tif (strcmp(entries[i].name, name) == 0)"
		print "\t\t\treturn entries[i].entry;"
		print "\treturn NULL;"
		print "}"
	} else {
		printf("gen_wrappers.awk: unknown output '%s'\n", out) > "/dev/stderr"
		exit 1
	}
}
