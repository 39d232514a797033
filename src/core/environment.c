#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "core/environment.h"
#include "core/export.h"
#include "core/message.h"

extern char **environ;

/* Every variable twofold reads.  A TWOFOLD_* variable not listed here is
 * reported, so that a misspelt knob is not silently ignored. */
static const char *const known_variables[] = {
	"TWOFOLD_MODE",
	"TWOFOLD_LOG",
	"TWOFOLD_CPU_BLAS",
	"TWOFOLD_NUM_THREADS",
	"TWOFOLD_CPU_KERNEL",
	"TWOFOLD_DEVICE",
	"TWOFOLD_GPU_MIN_FLOPS",
	"TWOFOLD_GPU_MEMORY",
	"TWOFOLD_GPU_FAULT",
	"TWOFOLD_SPLIT",
	"TWOFOLD_SPLIT_MAX_MODULI",
};

static const char *const mode_names[] = {
	[TF_MODE_DD] = "dd",
	[TF_MODE_DF] = "df",
	[TF_MODE_FAST] = "fast",
	[TF_MODE_NATIVE] = "native",
	[TF_MODE_CPU] = "cpu",
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static struct tf_config config;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;

static void read_mode(void)
{
	const char *value = secure_getenv("TWOFOLD_MODE");
	config.mode = TF_MODE_DD;
	if (!value || !*value)
		return;
	for (size_t i = 0; i < COUNT(mode_names); i++) {
		if (strcasecmp(value, mode_names[i]) == 0) {
			config.mode = (tf_mode)i;
			return;
		}
	}
	tf_message("TWOFOLD_MODE=%s is not a mode (dd, df, fast, native, cpu); using dd", value);
}

static void read_log(void)
{
	const char *value = secure_getenv("TWOFOLD_LOG");
	config.log = 0;
	if (!value || !*value || strcmp(value, "0") == 0)
		return;
	if (strcmp(value, "1") == 0) {
		config.log = 1;
		return;
	}
	tf_message("TWOFOLD_LOG=%s is neither 0 nor 1; no report", value);
}

static void read_cpu_blas(void)
{
	const char *value = secure_getenv("TWOFOLD_CPU_BLAS");
	config.cpu_blas[0] = '\0';
	if (!value || !*value)
		return;
	if (strlen(value) >= sizeof config.cpu_blas) {
		tf_fatal("TWOFOLD_CPU_BLAS is longer than %zu characters", sizeof config.cpu_blas - 1);
	}
	strcpy(config.cpu_blas, value);
}

static void read_num_threads(void)
{
	const char *value = secure_getenv("TWOFOLD_NUM_THREADS");
	config.num_threads = 0;
	if (!value || !*value)
		return;
	char *end;
	long threads = strtol(value, &end, 10);
	if (*end || threads < 1 || threads > 4096) {
		tf_message("TWOFOLD_NUM_THREADS=%s is not a number of threads (1 to 4096); "
			   "using the available cores", value);
		return;
	}
	config.num_threads = (int)threads;
}

/* The index of the value of variable `name` among `names` (any case):
 * `fallback` when unset, reported and `fallback` when not one of them. */
static int read_choice(const char *name, const char *const *names, size_t count, int fallback)
{
	const char *value = secure_getenv(name);
	if (!value || !*value)
		return fallback;
	for (size_t i = 0; i < count; i++)
		if (strcasecmp(value, names[i]) == 0)
			return (int)i;
	char list[128] = "";
	for (size_t i = 0; i < count; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
	tf_message("%s=%s is not one of %s; using %s", name, value, list, names[fallback]);
	return fallback;
}

static const char *const cpu_kernel_names[] = {
	[TF_CPU_KERNEL_AUTO] = "auto",
	[TF_CPU_KERNEL_GENERIC] = "generic",
	[TF_CPU_KERNEL_AVX2] = "avx2",
	[TF_CPU_KERNEL_AVX512] = "avx512",
};

static const char *const split_names[] = {
	[TF_SPLIT_AUTO] = "auto",
	[TF_SPLIT_OFF] = "off",
	[TF_SPLIT_FORCE] = "force",
};

static void read_choices(void)
{
	config.cpu_kernel = (enum tf_cpu_kernel)read_choice(
		"TWOFOLD_CPU_KERNEL", cpu_kernel_names, COUNT(cpu_kernel_names), TF_CPU_KERNEL_AUTO);
	config.split = (enum tf_split)read_choice("TWOFOLD_SPLIT", split_names, COUNT(split_names),
						  TF_SPLIT_AUTO);
}

/* TWOFOLD_SPLIT_MAX_MODULI: 1 to TF_SPLIT_MAX_MODULI, the most by default. */
static void read_split_moduli(void)
{
	const char *value = secure_getenv("TWOFOLD_SPLIT_MAX_MODULI");
	config.split_max_moduli = TF_SPLIT_MAX_MODULI;
	if (!value || !*value)
		return;
	char *end;
	long moduli = strtol(value, &end, 10);
	if (*end || moduli < 1 || moduli > TF_SPLIT_MAX_MODULI) {
		tf_message("TWOFOLD_SPLIT_MAX_MODULI=%s is not a number of moduli (1 to %d); using %d",
			   value, TF_SPLIT_MAX_MODULI, TF_SPLIT_MAX_MODULI);
		return;
	}
	config.split_max_moduli = (int)moduli;
}

/* A non-negative number, with an optional k, M or G (powers of 1024) for
 * sizes; -1 when unset, reported and -1 when malformed. */
static double read_amount(const char *name, int with_suffix)
{
	const char *value = secure_getenv(name);
	if (!value || !*value)
		return -1;
	char *end;
	double amount = strtod(value, &end);
	if (with_suffix && *end && !end[1]) {
		const char *suffixes = "kMG";
		const char *at = strchr(suffixes, *end);
		if (at) {
			for (const char *s = suffixes; s <= at; s++)
				amount *= 1024;
			end++;
		}
	}
	if (*end || !(amount >= 0)) {
		tf_message("%s=%s is not a non-negative number; ignored", name, value);
		return -1;
	}
	return amount;
}

static void read_gpu(void)
{
	double device = read_amount("TWOFOLD_DEVICE", 0);
	config.device = device >= 0 ? (int)device : -1;
	if (device >= 0 && device != (int)device) {
		tf_message("TWOFOLD_DEVICE must be a device number; ignored");
		config.device = -1;
	}
	config.gpu_min_flops = read_amount("TWOFOLD_GPU_MIN_FLOPS", 0);
	double memory = read_amount("TWOFOLD_GPU_MEMORY", 1);
	config.gpu_memory = memory > 0 ? memory : 0;
	const char *fault = secure_getenv("TWOFOLD_GPU_FAULT");
	config.gpu_fault[0] = '\0';
	if (fault && *fault) {
		if (strcmp(fault, "init") && strcmp(fault, "alloc") && strcmp(fault, "launch") &&
		    strcmp(fault, "transfer"))
			tf_message("TWOFOLD_GPU_FAULT=%s is not one of init, alloc, launch, transfer; ignored",
				   fault);
		else
			snprintf(config.gpu_fault, sizeof config.gpu_fault, "%s", fault);
	}
}

static int is_known(const char *entry)
{
	size_t length = strcspn(entry, "=");
	for (size_t i = 0; i < COUNT(known_variables); i++)
		if (strlen(known_variables[i]) == length && strncmp(entry, known_variables[i], length) == 0)
			return 1;
	return 0;
}

static void report_unknown_variables(void)
{
	char known[256] = "";
	for (size_t i = 0; i < COUNT(known_variables); i++) {
		if (i)
			strncat(known, ", ", sizeof known - strlen(known) - 1);
		strncat(known, known_variables[i], sizeof known - strlen(known) - 1);
	}
	for (char **entry = environ; entry && *entry; entry++) {
		if (strncmp(*entry, "TWOFOLD_", 8) != 0 || is_known(*entry))
			continue;
		int length = (int)strcspn(*entry, "=");
		tf_message("unknown environment variable %.*s ignored (known: %s)", length, *entry, known);
	}
}

static void read_config(void)
{
	read_mode();
	read_log();
	read_cpu_blas();
	read_num_threads();
	read_choices();
	read_split_moduli();
	read_gpu();
	report_unknown_variables();
}

const struct tf_config *tf_config(void)
{
	pthread_once(&config_once, read_config);
	return &config;
}

TF_EXPORT tf_mode tf_get_mode(void)
{
	return tf_config()->mode;
}

TF_EXPORT const char *tf_mode_name(tf_mode mode)
{
	return (unsigned)mode < COUNT(mode_names) ? mode_names[mode] : NULL;
}

TF_EXPORT const char *tf_version(void)
{
	return PACKAGE_VERSION;
}
