# gen_wrappers.awk: turns blas_routines.tbl into, each for its layer,
#   -v out=ids        op/blas_routines.h    routine ids and the list of names
#   -v out=functions  cpu/blas_functions.h  the type of each routine as the
#                                           CPU BLAS defines it
#   -v out=wrappers   abi/blas_forward.c    the forwarding wrappers
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
	} else {
		printf("gen_wrappers.awk: unknown output '%s'\n", out) > "/dev/stderr"
		exit 1
	}
}
