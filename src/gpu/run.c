#include "config.h"

#include <stdlib.h>
#include "core/message.h"
#include "gpu/context.h"
#include "gpu/devices.h"
#include "gpu/gemm.h"
#include "gpu/gpu.h"
#include "gpu/level12.h"
#include "gpu/move.h"
#include "gpu/split.h"
#include "gpu/transfer.h"
#include "gpu/vector.h"

/* Where `count` arrays are. */
static struct tf_gpu_memory memory_of(const void *const *arrays, int count)
{
	struct tf_gpu_memory memory = { 0, 1 };
	if (!tf_gpu_usable())
		return memory;
	memory.resident = 1;
	for (int i = 0; i < count; i++) {
		enum tf_gpu_place place = tf_gpu_place_of(arrays[i]);
		memory.resident &= place != TF_PLACE_HOST;
		memory.host_readable &= place != TF_PLACE_DEVICE;
	}
	return memory;
}

struct tf_gpu_memory tf_gpu_op_memory(const struct tf_op *op)
{
	const void *arrays[3];
	int count = 0;
	switch (op->kind) {
	case TF_OP_GEMM:
		arrays[count++] = op->a, arrays[count++] = op->b, arrays[count++] = op->c;
		break;
	case TF_OP_GEMV:
		arrays[count++] = op->a, arrays[count++] = op->x, arrays[count++] = op->y;
		break;
	case TF_OP_AXPY:
		arrays[count++] = op->x, arrays[count++] = op->y;
		break;
	case TF_OP_SYMM: case TF_OP_SYR2K: /* the real forms (gpu/real_form.h) */
		arrays[count++] = op->a, arrays[count++] = op->b, arrays[count++] = op->c;
		break;
	case TF_OP_TRMM: case TF_OP_SYRK: case TF_OP_TRSM: /* TRSM: gpu/trsm.h */
		arrays[count++] = op->a, arrays[count++] = op->c;
		break;
	case TF_OP_DOT: case TF_OP_ROT: case TF_OP_ROTM:
		arrays[count++] = op->x, arrays[count++] = op->y;
		break;
	case TF_OP_NRM2: case TF_OP_ASUM:
		arrays[count++] = op->x;
		break;
	case TF_OP_SCAL:
		arrays[count++] = op->y;
		break;
	case TF_OP_MOVE: /* scal: y; iamax: x; copy and swap: x and y */
		if (!tf_op_move_scales(op))
			arrays[count++] = op->x;
		if (op->y)
			arrays[count++] = op->y;
		break;
	case TF_OP_SYMV:
		arrays[count++] = op->a, arrays[count++] = op->x, arrays[count++] = op->y;
		break;
	case TF_OP_TRMV: case TF_OP_TRSV:
		arrays[count++] = op->a, arrays[count++] = op->y;
		break;
	case TF_OP_GER: case TF_OP_SYR2:
		arrays[count++] = op->x, arrays[count++] = op->y, arrays[count++] = op->c;
		break;
	case TF_OP_SYR:
		arrays[count++] = op->x, arrays[count++] = op->c;
		break;
	default: /* not a GPU op (tf_gpu_computes, tf_gpu_real_form_takes,
		  * tf_gpu_trsm_takes) */
		break;
	}
	return memory_of(arrays, count);
}

struct tf_gpu_memory tf_gpu_product_memory(const struct tf_product *p)
{
	const void *arrays[3] = { p->a, p->b, p->c };
	return memory_of(arrays, 3);
}

double tf_gpu_split_flops(int moduli)
{
	return tf_gpu_usable() && moduli > 0 ? tf_gpu_rates()->int8_gemm_ops / moduli : 0.0;
}

/* The parts the split engine left, kept until the GPU is released. */
struct left_parts {
	struct tf_product *parts;
	int count, size;
};

static void keep_part(const struct tf_product *part, void *context)
{
	struct left_parts *left = context;
	if (left->count == left->size) {
		int size = left->size ? 2 * left->size : 16;
		struct tf_product *parts = realloc(left->parts, (size_t)size * sizeof *parts);
		if (!parts)
			tf_fatal("out of memory for the split engine's list of parts");
		left->parts = parts;
		left->size = size;
	}
	left->parts[left->count++] = *part;
}

int tf_gpu_split(const struct tf_product *p, const struct tf_split_options *options,
		 struct tf_split_report *report, tf_product_undone *undone, void *context)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	const struct tf_cublas *cublas = tf_gpu_rates()->int8_gemm_ops > 0 ? tf_cublas(gpu) : NULL;
	struct left_parts left = { 0 };
	enum tf_split_status status = TF_SPLIT_FAILED;
	if (cublas && tf_gpu_devices_split(gpu, p, options, report, keep_part, &left))
		status = TF_SPLIT_DONE;
	else if (cublas)
		status = tf_gpu_split_product(gpu, cublas, p, options, report, keep_part, &left);
	tf_gpu_release(gpu);
	for (int i = 0; i < left.count; i++)
		undone(&left.parts[i], context);
	free(left.parts);
	return status == TF_SPLIT_DONE ? 0 : -1;
}

double tf_gpu_gemm_flops(enum tf_gpu_arith arith)
{
	if (!tf_gpu_usable())
		return 0.0;
	switch (arith) {
	case TF_GPU_NATIVE: return tf_gpu_rates()->native_gemm_flops;
	case TF_GPU_DF: return tf_gpu_rates()->df_gemm_flops;
	default: return tf_gpu_rates()->dd_gemm_flops;
	}
}

int tf_gpu_fp64_is_weak(void)
{
	return tf_gpu_usable() && tf_gpu_rates()->fp64_weak;
}

double tf_gpu_link_bytes(void)
{
	return tf_gpu_usable() ? tf_gpu_rates()->link_bytes : 0.0;
}

int tf_gpu_run(const struct tf_op *op, enum tf_gpu_arith arith, struct tf_gpu_memory memory,
	       tf_gpu_undone *undone, void *context)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	const struct tf_cublas *cublas = NULL;
	if (arith == TF_GPU_NATIVE && !(cublas = tf_cublas(gpu))) {
		tf_gpu_release(gpu);
		return -1;
	}
	if (op->kind == TF_OP_GEMM) {
		/* dd mode on several GPUs: by blocks of columns, bitwise one GPU's */
		if (arith != TF_GPU_DD || !tf_gpu_devices_gemm(gpu, op, undone, context))
			tf_gpu_gemm(gpu, op, arith, cublas, undone, context);
	} else if (tf_gpu_device_only(op)) {
		if (!memory.resident)
			undone(op, context); /* host arrays: the CPU's */
		else if (op->type == TF_TYPE_S) /* float vectors: the CPU's kernel */
			undone(op, context);
		else if (op->kind == TF_OP_MOVE)
			tf_gpu_move_op(gpu, op, undone, context);
		else
			tf_gpu_level12_op(gpu, op, undone, context);
	} else {
		if (!memory.resident && !memory.host_readable)
			undone(op, context); /* some arrays on the device, some not */
		else
			tf_gpu_vector_op(gpu, op, memory.resident, arith, cublas, undone, context);
	}
	tf_gpu_release(gpu);
	return 0;
}
