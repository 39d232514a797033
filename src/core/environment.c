#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "core/env_value.h"
#include "core/environment.h"
#include "core/export.h"
#include "core/log_file.h"
#include "core/message.h"

extern char **environ;

/* Every variable twofold reads.  A TWOFOLD_* variable not listed here is
 * reported, so that a misspelt knob is not silently ignored. */
static const char *const known_variables[] = {
	"TWOFOLD_MODE",
	"TWOFOLD_LOG",
	"TWOFOLD_LOG_FILE",
	"TWOFOLD_CPU_BLAS",
	"TWOFOLD_NUM_THREADS",
	"TWOFOLD_CPU_KERNEL",
	"TWOFOLD_DEVICE",
	"TWOFOLD_GPU_MIN_FLOPS",
	"TWOFOLD_GPU_MEMORY",
	"TWOFOLD_GPU_FAULT",
	"TWOFOLD_SPLIT",
	"TWOFOLD_SPLIT_MAX_MODULI",
	"TWOFOLD_CPU_BLAS_FAULT",
	"TWOFOLD_CPU_LAPACK",
	"TWOFOLD_DEVICES_MIN_FLOPS",
	"TWOFOLD_CPU_BLAS64",
	"TWOFOLD_PBLAS_PANEL",
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

/* Each reader below takes its variable through core/env_value.h, so that
 * every one is trimmed, checked and reported alike. */

/* The index of the value of variable `name` among `names` (any case):
 * `fallback` when unset, reported and `fallback` when not one of them. */
static int read_choice(const char *name, const char *const *names, size_t count, int fallback)
{
	struct tf_env_value value;
	if (!tf_env_get(name, &value))
		return fallback;
	int index = tf_env_word(value, names, count);
	if (index >= 0)
		return index;
	char list[128] = "one of ";
	for (size_t i = 0; i < count; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
	tf_env_refuse(name, value, list, names[fallback]);
	return fallback;
}

static void read_mode(void)
{
	config.mode = (tf_mode)read_choice("TWOFOLD_MODE", mode_names, COUNT(mode_names), TF_MODE_DD);
}

static void read_log(void)
{
	static const char *const log_names[] = { "0", "1" };
	config.log = read_choice("TWOFOLD_LOG", log_names, COUNT(log_names), 0);
}

/* A library's path (TWOFOLD_CPU_BLAS, TWOFOLD_CPU_LAPACK) into `path`, ""
 * when unset; `fallback` names what is used instead of one refused. */
static void read_path(const char *name, char path[PATH_MAX], const char *fallback)
{
	struct tf_env_value value;
	path[0] = '\0';
	if (!tf_env_get(name, &value))
		return;
	if (value.length >= PATH_MAX) {
		char expected[64];
		snprintf(expected, sizeof expected, "a path of at most %d bytes", PATH_MAX - 1);
		tf_env_refuse(name, value, expected, fallback);
		return;
	}
	memcpy(path, value.text, value.length);
	path[value.length] = '\0';
}

/* TWOFOLD_LOG_FILE: a path whose every % is followed by r, p or %. */
static void read_log_file(void)
{
	struct tf_env_value value;
	read_path("TWOFOLD_LOG_FILE", config.log_file, "stderr");
	if (config.log_file[0] && tf_env_get("TWOFOLD_LOG_FILE", &value) &&
	    !tf_log_file_pattern_valid(value.text, value.length)) {
		config.log_file[0] = '\0';
		tf_env_refuse("TWOFOLD_LOG_FILE", value,
			      "a path in which each % is followed by r (rank), p (PID) or %", "stderr");
	}
}

static void read_cpu_blas(void)
{
	read_path("TWOFOLD_CPU_BLAS", config.cpu_blas, "the default CPU BLAS");
}

static void read_cpu_blas64(void)
{
	read_path("TWOFOLD_CPU_BLAS64", config.cpu_blas64, "the default 64-bit CPU BLAS");
}

static void read_cpu_lapack(void)
{
	read_path("TWOFOLD_CPU_LAPACK", config.cpu_lapack, "the default CPU LAPACK");
}

/* TWOFOLD_CPU_BLAS_FAULT=default, for tests: the CPU BLAS chosen at configure
 * time is taken as absent, as on a machine that a build tree has moved to. */
static void read_cpu_blas_fault(void)
{
	static const char *const fault_names[] = { "default" };
	struct tf_env_value value;
	config.cpu_blas_default_absent = 0;
	if (!tf_env_get("TWOFOLD_CPU_BLAS_FAULT", &value))
		return;
	if (tf_env_word(value, fault_names, COUNT(fault_names)) == 0)
		config.cpu_blas_default_absent = 1;
	else
		tf_env_refuse("TWOFOLD_CPU_BLAS_FAULT", value, "one of default", "none");
}

/* A whole number from `low` to `high`: `fallback` when unset, reported and
 * `fallback` when not one. */
static long read_integer(const char *name, long low, long high, long fallback,
			 const char *fallback_text)
{
	struct tf_env_value value;
	long result;
	if (!tf_env_get(name, &value))
		return fallback;
	if (tf_env_integer(value, low, high, &result))
		return result;
	char expected[64];
	snprintf(expected, sizeof expected, "a whole number from %ld to %ld", low, high);
	tf_env_refuse(name, value, expected, fallback_text);
	return fallback;
}

static void read_num_threads(void)
{
	config.num_threads = (int)read_integer("TWOFOLD_NUM_THREADS", 1, TF_THREADS_MAX, 0,
					       "OMP_NUM_THREADS, else the CPUs this process may run on");
	/* OpenMP's: a list, one number per nesting level; the first is the
	 * outermost level's, the one a BLAS called from serial code has. */
	struct tf_env_value value;
	long threads;
	config.omp_num_threads = 0;
	if (!tf_env_get("OMP_NUM_THREADS", &value))
		return;
	const char *comma = memchr(value.text, ',', value.length);
	struct tf_env_value first =
		tf_env_trim(value.text, comma ? (size_t)(comma - value.text) : value.length);
	if (tf_env_integer(first, 1, TF_THREADS_MAX, &threads))
		config.omp_num_threads = (int)threads;
	else
		tf_env_refuse("OMP_NUM_THREADS", value, "a list starting with a whole number from 1 to 4096",
			      "the CPUs this process may run on");
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
	char fallback[16];
	snprintf(fallback, sizeof fallback, "%d", TF_SPLIT_MAX_MODULI);
	config.split_max_moduli = (int)read_integer("TWOFOLD_SPLIT_MAX_MODULI", 1, TF_SPLIT_MAX_MODULI,
						    TF_SPLIT_MAX_MODULI, fallback);
}

/* A number from `low` to `high`, with a k, M or G (powers of 1024) if
 * `suffixes`: `fallback` when unset, reported and `fallback` when not one. */
static double read_number(const char *name, const char *suffixes, double low, double high,
			  const char *expected, double fallback, const char *fallback_text)
{
	struct tf_env_value value;
	double result;
	if (!tf_env_get(name, &value))
		return fallback;
	if (tf_env_number(value, suffixes, low, high, &result))
		return result;
	tf_env_refuse(name, value, expected, fallback_text);
	return fallback;
}

/* TWOFOLD_DEVICE: a GPU's number, a list of them ("0,1,3"; a GPU may be
 * listed twice, two contexts on one device), or "all". */
static void read_device(void)
{
	static const char *const all_names[] = { "all" };
	struct tf_env_value value;
	long items[TF_DEVICE_LIST_MAX];
	int count = 0;
	config.device = -1;
	config.device_count = 0;
	config.device_all = 0;
	if (!tf_env_get("TWOFOLD_DEVICE", &value))
		return;
	if (tf_env_word(value, all_names, 1) == 0) {
		config.device_all = 1;
		return;
	}
	if (!tf_env_integer_list(value, 0, TF_DEVICE_MAX, items, TF_DEVICE_LIST_MAX, &count)) {
		char expected[128];
		snprintf(expected, sizeof expected,
			 "a whole number from 0 to %d, a list of at most %d of them (0,1,3) or all",
			 TF_DEVICE_MAX, TF_DEVICE_LIST_MAX);
		tf_env_refuse("TWOFOLD_DEVICE", value, expected, "the launcher's local rank, else GPU 0");
		return;
	}
	for (int i = 0; i < count; i++)
		config.devices[i] = (int)items[i];
	config.device_count = count;
	config.device = config.devices[0];
}

static void read_gpu(void)
{
	read_device();
	config.devices_min_flops = read_number("TWOFOLD_DEVICES_MIN_FLOPS", NULL, 0,
					       TF_DEVICES_MIN_FLOPS_MAX,
					       "a number of flops from 0 to 1e24", -1, "the cost model");
	config.gpu_min_flops = read_number("TWOFOLD_GPU_MIN_FLOPS", NULL, 0, TF_GPU_MIN_FLOPS_MAX,
					   "a number of flops from 0 to 1e24", -1,
					   "the cost model");
	/* Whole bytes: "1.5k" is 1536. */
	config.gpu_memory = (double)(unsigned long long)read_number(
		"TWOFOLD_GPU_MEMORY", "kMG", TF_GPU_MEMORY_MIN, TF_GPU_MEMORY_MAX,
		"a number of bytes (with k, M or G) from 1M to 1048576G", 0,
		"90% of the GPU's free memory");
	static const char *const fault_names[] = { "init", "alloc", "launch", "transfer" };
	struct tf_env_value value;
	config.gpu_fault[0] = '\0';
	if (tf_env_get("TWOFOLD_GPU_FAULT", &value)) {
		int fault = tf_env_word(value, fault_names, COUNT(fault_names));
		if (fault < 0)
			tf_env_refuse("TWOFOLD_GPU_FAULT", value, "one of init, alloc, launch, transfer",
				      "none");
		else
			snprintf(config.gpu_fault, sizeof config.gpu_fault, "%s", fault_names[fault]);
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
	char known[512] = "";
	for (size_t i = 0; i < COUNT(known_variables); i++) {
		if (i)
			strncat(known, ", ", sizeof known - strlen(known) - 1);
		strncat(known, known_variables[i], sizeof known - strlen(known) - 1);
	}
	for (char **entry = environ; entry && *entry; entry++) {
		if (strncmp(*entry, "TWOFOLD_", 8) != 0 || is_known(*entry))
			continue;
		char name[128];
		tf_env_echo(*entry, strcspn(*entry, "="), name, sizeof name);
		tf_message("unknown environment variable %s ignored (known: %s)", name, known);
	}
}

/* TWOFOLD_PBLAS_PANEL: the panel width PILAENV answers (abi/pilaenv.c). */
static void read_pblas_panel(void)
{
	config.pblas_panel = (int)read_integer("TWOFOLD_PBLAS_PANEL", 1, TF_PBLAS_PANEL_MAX, 0,
					       "ScaLAPACK's own PILAENV");
}

static void read_config(void)
{
	read_mode();
	read_log();
	read_log_file();
	read_cpu_blas();
	read_cpu_blas64();
	read_cpu_lapack();
	read_cpu_blas_fault();
	read_num_threads();
	read_choices();
	read_split_moduli();
	read_gpu();
	read_pblas_panel();
	report_unknown_variables();
}

const struct tf_config *tf_config_ready;

const struct tf_config *tf_config_first(void)
{
	pthread_once(&config_once, read_config);
	__atomic_store_n(&tf_config_ready, &config, __ATOMIC_RELEASE);
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

/* ---- the configuration as twofold-info shows it */

/* The value in effect of the known variable `name`. */
static void value_in_effect(const char *name, char *out, size_t size)
{
	const struct tf_config *c = tf_config();
	char file[PATH_MAX];
#define IS(variable) (strcmp(name, variable) == 0)
	if (IS("TWOFOLD_MODE"))
		snprintf(out, size, "%s", mode_names[c->mode]);
	else if (IS("TWOFOLD_LOG"))
		snprintf(out, size, "%d", c->log);
	else if (IS("TWOFOLD_LOG_FILE") && *c->log_file && tf_log_file_name(c->log_file, file, sizeof file))
		snprintf(out, size, "%.*s (in this process)", PATH_MAX - 1, file);
	else if (IS("TWOFOLD_LOG_FILE") && *c->log_file)
		snprintf(out, size, "stderr (the name is longer than %d bytes)", PATH_MAX - 1);
	else if (IS("TWOFOLD_LOG_FILE"))
		snprintf(out, size, "stderr");
	else if (IS("TWOFOLD_CPU_BLAS"))
		snprintf(out, size, "%.*s", PATH_MAX - 1,
			 *c->cpu_blas ? c->cpu_blas : "the default CPU BLAS");
	else if (IS("TWOFOLD_CPU_BLAS64"))
		snprintf(out, size, "%.*s", PATH_MAX - 1,
			 *c->cpu_blas64 ? c->cpu_blas64 : "the default 64-bit CPU BLAS");
	else if (IS("TWOFOLD_CPU_LAPACK"))
		snprintf(out, size, "%.*s", PATH_MAX - 1,
			 *c->cpu_lapack ? c->cpu_lapack : "the default CPU LAPACK");
	else if (IS("TWOFOLD_CPU_BLAS_FAULT"))
		snprintf(out, size, "%s", c->cpu_blas_default_absent ? "default" : "none");
	else if (IS("TWOFOLD_NUM_THREADS") && c->num_threads)
		snprintf(out, size, "%d", c->num_threads);
	else if (IS("TWOFOLD_NUM_THREADS") && c->omp_num_threads)
		snprintf(out, size, "OMP_NUM_THREADS: %d", c->omp_num_threads);
	else if (IS("TWOFOLD_NUM_THREADS"))
		snprintf(out, size, "the CPUs this process may run on");
	else if (IS("TWOFOLD_CPU_KERNEL"))
		snprintf(out, size, "%s", cpu_kernel_names[c->cpu_kernel]);
	else if (IS("TWOFOLD_DEVICE") && c->device_all)
		snprintf(out, size, "every visible GPU");
	else if (IS("TWOFOLD_DEVICE") && c->device_count) {
		size_t used = 0;
		for (int i = 0; i < c->device_count && used < size; i++)
			used += (size_t)snprintf(out + used, size - used, "%s%d", i ? "," : "",
						 c->devices[i]);
	} else if (IS("TWOFOLD_DEVICE"))
		snprintf(out, size, "the launcher's local rank modulo the visible GPUs, else GPU 0");
	else if (IS("TWOFOLD_DEVICES_MIN_FLOPS") && c->devices_min_flops >= 0)
		snprintf(out, size, "%.17g", c->devices_min_flops);
	else if (IS("TWOFOLD_DEVICES_MIN_FLOPS"))
		snprintf(out, size, "the cost model");
	else if (IS("TWOFOLD_GPU_MIN_FLOPS") && c->gpu_min_flops >= 0)
		snprintf(out, size, "%.17g", c->gpu_min_flops);
	else if (IS("TWOFOLD_GPU_MIN_FLOPS"))
		snprintf(out, size, "the cost model");
	else if (IS("TWOFOLD_GPU_MEMORY") && c->gpu_memory > 0)
		snprintf(out, size, "%.0f bytes", c->gpu_memory);
	else if (IS("TWOFOLD_GPU_MEMORY"))
		snprintf(out, size, "90%% of the GPU's free memory");
	else if (IS("TWOFOLD_GPU_FAULT"))
		snprintf(out, size, "%s", *c->gpu_fault ? c->gpu_fault : "none");
	else if (IS("TWOFOLD_SPLIT"))
		snprintf(out, size, "%s", split_names[c->split]);
	else if (IS("TWOFOLD_SPLIT_MAX_MODULI"))
		snprintf(out, size, "%d", c->split_max_moduli);
	else if (IS("TWOFOLD_PBLAS_PANEL") && c->pblas_panel)
		snprintf(out, size, "%d", c->pblas_panel);
	else if (IS("TWOFOLD_PBLAS_PANEL"))
		snprintf(out, size, "ScaLAPACK's own PILAENV");
	else /* a variable added to known_variables and not here */
		snprintf(out, size, "(not described)");
#undef IS
}

int tf_config_describe(char *text, size_t size)
{
	size_t used = 0;
#define APPEND(...)                                                                        \
	used += (size_t)snprintf(text + (used < size ? used : size), used < size ? size - used : 0, \
				 __VA_ARGS__)
	for (size_t i = 0; i < COUNT(known_variables); i++) {
		char effect[PATH_MAX + 64], echo[128];
		struct tf_env_value value;
		value_in_effect(known_variables[i], effect, sizeof effect);
		if (tf_env_get(known_variables[i], &value)) {
			tf_env_echo(value.text, value.length, echo, sizeof echo);
			APPEND("%s=%s -> %s\n", known_variables[i], echo, effect);
		} else {
			APPEND("%s unset -> %s\n", known_variables[i], effect);
		}
	}
	for (char **entry = environ; entry && *entry; entry++) {
		if (strncmp(*entry, "TWOFOLD_", 8) != 0 || is_known(*entry))
			continue;
		char name[128];
		tf_env_echo(*entry, strcspn(*entry, "="), name, sizeof name);
		APPEND("%s: unknown, ignored\n", name);
	}
#undef APPEND
	return (int)used;
}
