#!/usr/bin/env python3
"""plot_split.py: the split engine's plots, from bench/split_gemm and
bench/split_accuracy outputs.

    plot_split.py FORCE_TXT OFF_TXT ACCURACY_TXT OUTDIR

FORCE_TXT and OFF_TXT are bench/split_gemm's output with TWOFOLD_SPLIT=force
and off (the "device N rate ... cublas-dgemm rate" lines); ACCURACY_TXT is
bench/split_accuracy's.  Writes OUTDIR/split_rate.png (TFLOP/s against n:
the split engine, the DD kernel, cuBLAS DGEMM) and OUTDIR/split_accuracy.png
(largest distance from the correctly rounded product, in ulps, against the
operands' exponent spread, random and cancelling data, both engines).
"""
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def device_rates(path):
    """{n: (rate, cublas rate)} of the first block of device lines (no
    -spread), rates in TFLOP/s."""
    rates = {}
    with open(path) as f:
        for line in f:
            if line.startswith("% dd-mode") and "2^[-0, 0]" not in line:
                break
            m = re.match(r"device\s+(\d+)\s+([\d.]+) TF/s.*cublas-dgemm\s+([\d.]+)", line)
            if m:
                rates[int(m.group(1))] = (float(m.group(2)), float(m.group(3)))
    return rates


def accuracy(path):
    """[(spread, data, split max ulp, dd max ulp)]."""
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("%"):
                continue
            w = line.split()
            rows.append((int(w[0]), w[1], float(w[6]), float(w[8])))
    return rows


def main():
    force, off, acc, out = sys.argv[1:5]
    split, dd = device_rates(force), device_rates(off)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ns = sorted(split)
    ax.plot(ns, [split[n][0] for n in ns], "o-", label="dd mode, split engine (correctly rounded)")
    ax.plot(sorted(dd), [dd[n][0] for n in sorted(dd)], "s-", label="dd mode, DD kernel")
    ax.plot(ns, [split[n][1] for n in ns], "^--", label="cuBLAS DGEMM (plain double)")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("n (C = A B, n x n x n, device arrays)")
    ax.set_ylabel("TFLOP/s")
    ax.set_title("dgemm_ on an H100")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "split_rate.png"), dpi=110)

    rows = accuracy(acc)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for data, style in (("random", "-"), ("cancel", "--")):
        pts = [r for r in rows if r[1] == data]
        ax.plot([r[0] for r in pts], [max(r[2], 1e-3) for r in pts], "o" + style,
                label="split engine, %s data" % data)
        ax.plot([r[0] for r in pts], [max(r[3], 1e-3) for r in pts], "s" + style,
                label="DD kernel, %s data" % data)
    ax.set_yscale("log")
    ax.set_xlabel("exponent spread E (elements times 2^e, |e| <= E)")
    ax.set_ylabel("largest error, ulps of the result")
    ax.set_title("Distance from the correctly rounded product (n = 128)")
    ax.axhline(0.5, color="gray", lw=0.8)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "split_accuracy.png"), dpi=110)


if __name__ == "__main__":
    main()
