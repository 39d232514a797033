#!/bin/sh
# The environment's parser (src/core/env_value.c): every TWOFOLD_* variable
# trimmed alike, numbers in decimal only and range checked, and a refused
# value reported on one line that names the variable, echoes the value
# shortened and escaped, and says what is used instead; the value used is
# then the default.  test/core/config_dump prints what was parsed.
. "$TF_SRCDIR/test/lib.sh"
program=./test/core/config_dump
cases=0

# accept FIELD EXPECTED VARIABLE=VALUE...: parsed as EXPECTED, no message.
accept() {
	field=$1 expected=$2
	shift 2
	env "$@" $program > "$work/out" 2> "$work/err" || fail "$*: config_dump failed"
	got=$(sed -n "s/^$field //p" "$work/out")
	[ "$got" = "$expected" ] || fail "$*: $field is [$got], expected [$expected]"
	[ ! -s "$work/err" ] || fail "$*: unexpected message: $(cat "$work/err")"
	cases=$((cases + 1))
}

# refuse FIELD DEFAULT MESSAGE VARIABLE=VALUE: one message line that starts
# "twofold[...]: MESSAGE" and says "; using", and FIELD keeps DEFAULT.
refuse() {
	field=$1 default=$2 message=$3
	shift 3
	env "$@" $program > "$work/out" 2> "$work/err" || fail "$*: config_dump failed"
	got=$(sed -n "s/^$field //p" "$work/out")
	[ "$got" = "$default" ] || fail "$*: $field is [$got], expected the default [$default]"
	[ "$(wc -l < "$work/err")" -eq 1 ] || fail "$*: expected one message line, got: $(cat "$work/err")"
	line=$(cat "$work/err")
	case $line in
	"twofold["*"]: $message"*) ;;
	*) fail "$*: expected a message starting [twofold[...]: $message], got [$line]" ;;
	esac
	case $line in
	*"; using "*) ;;
	*) fail "$*: the message does not say what is used instead: [$line]" ;;
	esac
	# Printable ASCII or UTF-8 only, and short.
	LC_ALL=C grep -q '[[:cntrl:]]' "$work/err" && fail "$*: control bytes in the message: $line"
	[ "$(wc -c < "$work/err")" -le 400 ] || fail "$*: message of $(wc -c < "$work/err") bytes"
	cases=$((cases + 1))
}

# Blanks around any value are ignored, before and after alike.
accept num_threads 4 TWOFOLD_NUM_THREADS=4
accept num_threads 4 "TWOFOLD_NUM_THREADS= 4"
accept num_threads 4 "TWOFOLD_NUM_THREADS=4 "
accept num_threads 4 "TWOFOLD_NUM_THREADS=$(printf '\t4 \t')"
accept num_threads 4096 TWOFOLD_NUM_THREADS=4096
accept num_threads 7 TWOFOLD_NUM_THREADS=007
accept num_threads 0 "TWOFOLD_NUM_THREADS=  "
accept omp_num_threads 3 "OMP_NUM_THREADS=3"
accept omp_num_threads 3 "OMP_NUM_THREADS= 3 ,2,1"
accept omp_num_threads 0 "OMP_NUM_THREADS= "
accept mode df "TWOFOLD_MODE= df "
accept mode native "TWOFOLD_MODE=Native "
accept log 1 "TWOFOLD_LOG= 1"
accept log 0 "TWOFOLD_LOG=0 "
accept cpu_kernel 2 "TWOFOLD_CPU_KERNEL= avx2"
accept split 2 "TWOFOLD_SPLIT=force "
accept split_max_moduli 5 "TWOFOLD_SPLIT_MAX_MODULI= 5 "
accept device 3 "TWOFOLD_DEVICE=3 "
accept device 10 TWOFOLD_DEVICE=010
accept gpu_fault '[alloc]' "TWOFOLD_GPU_FAULT= alloc"
accept cpu_blas_default_absent 1 "TWOFOLD_CPU_BLAS_FAULT=default "
accept cpu_blas '[/usr/lib/libblas.so.3]' "TWOFOLD_CPU_BLAS= /usr/lib/libblas.so.3 "
accept gpu_min_flops 0 TWOFOLD_GPU_MIN_FLOPS=0
accept gpu_min_flops 2000000000 "TWOFOLD_GPU_MIN_FLOPS= 2e9"
accept gpu_min_flops 1500 TWOFOLD_GPU_MIN_FLOPS=1.5E3
accept gpu_min_flops 1e+24 TWOFOLD_GPU_MIN_FLOPS=1e24
accept gpu_memory 25165824 "TWOFOLD_GPU_MEMORY=24M "
accept gpu_memory 1610612736 TWOFOLD_GPU_MEMORY=1.5G
accept gpu_memory 1048576 TWOFOLD_GPU_MEMORY=1024k
accept gpu_memory 3000000 TWOFOLD_GPU_MEMORY=3e6
echo "accepted: blanks around values, leading zeros, exponents, k/M/G"

# Decimal only: no base prefix, sign, inf, nan or hexadecimal float.
refuse device -1 "TWOFOLD_DEVICE=0x10 is not a whole number from 0 to 1023" TWOFOLD_DEVICE=0x10
refuse device -1 "TWOFOLD_DEVICE=+1 is not a whole number" TWOFOLD_DEVICE=+1
refuse device -1 "TWOFOLD_DEVICE=-1 is not a whole number" TWOFOLD_DEVICE=-1
refuse device -1 "TWOFOLD_DEVICE=1.0 is not a whole number" TWOFOLD_DEVICE=1.0
refuse device -1 "TWOFOLD_DEVICE=1024 is not a whole number from 0 to 1023" TWOFOLD_DEVICE=1024
refuse device -1 "TWOFOLD_DEVICE=99999999999999999999999 is not" TWOFOLD_DEVICE=99999999999999999999999
refuse num_threads 0 "TWOFOLD_NUM_THREADS=0x4 is not a whole number from 1 to 4096" TWOFOLD_NUM_THREADS=0x4
refuse num_threads 0 "TWOFOLD_NUM_THREADS=0 is not a whole number from 1 to 4096" TWOFOLD_NUM_THREADS=0
refuse num_threads 0 "TWOFOLD_NUM_THREADS=4097 is not" TWOFOLD_NUM_THREADS=4097
refuse num_threads 0 "TWOFOLD_NUM_THREADS=4 4 is not" "TWOFOLD_NUM_THREADS= 4 4 "
refuse num_threads 0 "TWOFOLD_NUM_THREADS=4x is not" TWOFOLD_NUM_THREADS=4x
refuse omp_num_threads 0 "OMP_NUM_THREADS=0x3,2 is not a list starting with a whole number from 1 to 4096" \
	"OMP_NUM_THREADS=0x3,2"
refuse omp_num_threads 0 "OMP_NUM_THREADS=,4 is not a list" "OMP_NUM_THREADS=,4"
refuse split_max_moduli 32 "TWOFOLD_SPLIT_MAX_MODULI=33 is not a whole number from 1 to 32; using 32" \
	TWOFOLD_SPLIT_MAX_MODULI=33
for value in inf INF infinity nan 1e308 1e25 -1 0x10 0x1p4 1e 1e+ . e5 '1 000' 5k; do
	refuse gpu_min_flops -1 "TWOFOLD_GPU_MIN_FLOPS=$value is not a number of flops from 0 to 1e24" \
		"TWOFOLD_GPU_MIN_FLOPS=$value"
done
for value in inf 1e308 1e300G 2048T 0 512k 1048577G -1M 0x100000 3MM 3m nan; do
	refuse gpu_memory 0 "TWOFOLD_GPU_MEMORY=$value is not a number of bytes" "TWOFOLD_GPU_MEMORY=$value"
done
echo "refused: base prefixes, signs, inf, nan, out of range, trailing junk"

refuse mode dd "TWOFOLD_MODE=quad is not one of dd, df, fast, native, cpu; using dd" TWOFOLD_MODE=quad
refuse log 0 "TWOFOLD_LOG=yes is not one of 0, 1; using 0" TWOFOLD_LOG=yes
refuse cpu_kernel 0 "TWOFOLD_CPU_KERNEL=sse9 is not one of auto, generic, avx2, avx512; using auto" \
	TWOFOLD_CPU_KERNEL=sse9
refuse split 0 "TWOFOLD_SPLIT=always is not one of auto, off, force; using auto" TWOFOLD_SPLIT=always
refuse gpu_fault '[]' "TWOFOLD_GPU_FAULT=oom is not one of init, alloc, launch, transfer; using none" \
	TWOFOLD_GPU_FAULT=oom
refuse cpu_blas_default_absent 0 "TWOFOLD_CPU_BLAS_FAULT=soname is not one of default; using none" \
	TWOFOLD_CPU_BLAS_FAULT=soname
echo "refused: words that are not choices, with the choices and the default named"

# Echoes: control and non-UTF-8 bytes escaped, well-formed UTF-8 kept, a
# backslash doubled, bidirectional overrides escaped, long values cut.
refuse mode dd 'TWOFOLD_MODE=a\x01b\x1bc\x7f is not' "TWOFOLD_MODE=$(printf 'a\001b\033c\177')"
refuse mode dd 'TWOFOLD_MODE=\xff\xfe\xc3( is not' "TWOFOLD_MODE=$(printf '\377\376\303(')"
refuse mode dd 'TWOFOLD_MODE=\xc0\xaf\xed\xa0\x80 is not' "TWOFOLD_MODE=$(printf '\300\257\355\240\200')"
refuse mode dd 'TWOFOLD_MODE=ddé is not' "TWOFOLD_MODE=$(printf 'dd\303\251')"
refuse mode dd 'TWOFOLD_MODE=a\xe2\x80\xaeb\xc2\x85 is not' "TWOFOLD_MODE=$(printf 'a\342\200\256b\302\205')"
refuse mode dd 'TWOFOLD_MODE=a\\x41 is not' 'TWOFOLD_MODE=a\x41'
long=$(printf '%0300d' 0)
refuse mode dd "TWOFOLD_MODE=$(printf '%060d' 0)... (300 bytes) is not" "TWOFOLD_MODE=$long"
refuse mode dd "TWOFOLD_MODE=$(printf '%015d' 0 | sed 's/0/\\x01/g')... (1000 bytes) is not" \
	"TWOFOLD_MODE=$(head -c 1000 /dev/zero | tr '\0' '\001')"
toolong=$(head -c 5000 /dev/zero | tr '\0' a)
refuse cpu_blas '[]' "TWOFOLD_CPU_BLAS=$(printf '%060d' 0 | tr 0 a)... (5000 bytes) is not a path of at most" \
	"TWOFOLD_CPU_BLAS=$toolong"
echo "echoes: escaped (\\xNN), UTF-8 kept, at most 60 characters"

# An unknown variable's name, however long, is shortened and escaped too.
name=TWOFOLD_$(head -c 100000 /dev/zero | tr '\0' A)
env "$name=1" $program > "$work/out" 2> "$work/err" || fail "a 100 KB name: config_dump failed"
[ "$(wc -l < "$work/err")" -eq 1 ] || fail "a 100 KB name: expected one line"
[ "$(wc -c < "$work/err")" -le 500 ] || fail "a 100 KB name: a message of $(wc -c < "$work/err") bytes"
grep -q "^twofold\[[^]]*]: unknown environment variable TWOFOLD_A*\.\.\. (100008 bytes) ignored" "$work/err" ||
	fail "a 100 KB name: $(cut -c1-200 "$work/err")"
env "TWOFOLD_$(printf 'X\001\377')=1" $program > "$work/out" 2> "$work/err"
grep -qF 'unknown environment variable TWOFOLD_X\x01\xff ignored' "$work/err" ||
	fail "a name with control bytes: $(cat "$work/err")"
cases=$((cases + 2))
echo "unknown names: shortened and escaped"
echo "$cases environments checked"
