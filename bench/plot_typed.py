#!/usr/bin/env python3
"""plot_typed.py: rate against size for the typed API, from typed_gpu's output.

    plot_typed.py TYPED_GPU_TXT [OUTDIR]

Reads the measurement lines of bench/typed_gpu ("routine format n seconds
rate ratio_to_double", rate in GFLOP/s) and writes one PNG per routine into
OUTDIR (default: the input's directory): typed_gemm.png, typed_gemv_n.png,
typed_gemv_t.png, typed_axpy.png, typed_dot.png, one line per format, double
(cuBLAS) included.  The GEMM plot also draws the arithmetic ceilings that the
same run measured.  Every other line of the input is ignored.
"""
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROUTINES = {
    "gemm": ("GEMM, C = A B (n x n x n)", "n (matrix order)"),
    "gemv_n": ("GEMV N, y = A x (n x n)", "n (matrix order)"),
    "gemv_t": ("GEMV T, y = A^T x (n x n)", "n (matrix order)"),
    "axpy": ("AXPY, y = alpha x + y", "n (vector length)"),
    "dot": ("DOT, x . y", "n (vector length)"),
}
# Plotting order and style: double first, then the formats by precision.
FORMATS = ["double", "dd", "ds", "dsp", "di", "df", "ts", "ds_dsarith", "df_dgemm"]
LABELS = {
    "double": "double (cuBLAS)",
    "dd": "DD (tf_dd*)",
    "ds": "DS, SoA (tf_ds*)",
    "dsp": "DS packed, AoS (tf_dsp*)",
    "di": "DI (tf_di*)",
    "df": "DF (tf_df*)",
    "ts": "TS (tf_ts*)",
    "ds_dsarith": "DS in DS arithmetic",
    "df_dgemm": "dgemm_ in df mode",
}
# The ceilings drawn on the GEMM plot (GFLOP/s of their arithmetic).
GEMM_CEILINGS = {
    "dd_muladd": "DD multiply-add ceiling",
    "df_muladd": "DF multiply-add ceiling",
    "fp64_fma": "FP64 FMA ceiling",
}


def number(text):
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def read(path):
    """(rates, ceilings, device): rates[routine][format] = [(n, GFLOP/s)]."""
    rates, ceilings, device = {}, {}, ""
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("% device "):
                device = line[len("% device "):].split(";")[0].strip()
                continue
            fields = line.split()
            if len(fields) != 6:
                continue
            routine, name = fields[0], fields[1]
            n, seconds, rate = (number(f) for f in fields[2:5])
            if n is None or seconds is None or rate is None or rate <= 0:
                continue
            if routine == "ceiling":
                ceilings[name] = rate
            elif routine in ROUTINES:
                rates.setdefault(routine, {}).setdefault(name, []).append((n, rate))
    return rates, ceilings, device


def plot(routine, series, ceilings, device, outdir):
    title, xlabel = ROUTINES[routine]
    figure, axes = plt.subplots(figsize=(7.5, 5))
    names = [f for f in FORMATS if f in series] + sorted(f for f in series if f not in FORMATS)
    for name in names:
        points = sorted(dict(series[name]).items())
        axes.plot([p[0] for p in points], [p[1] for p in points], marker="o", markersize=4,
                  linewidth=1.5 if name != "double" else 2.5,
                  color="black" if name == "double" else None, label=LABELS.get(name, name))
    if routine == "gemm":
        for key, label in GEMM_CEILINGS.items():
            if key in ceilings:
                axes.axhline(ceilings[key], linestyle="--", linewidth=1, color="grey")
                axes.annotate("%s %.0f" % (label, ceilings[key]), (0.01, ceilings[key]),
                              xycoords=("axes fraction", "data"), fontsize=7,
                              color="dimgrey", va="bottom")
    axes.set_xscale("log", base=2 if routine.startswith("gem") else 10)
    axes.set_yscale("log")
    axes.set_xlabel(xlabel)
    axes.set_ylabel("GFLOP/s (working arithmetic, multiply-add = 2)")
    axes.set_title(title + (" on " + device if device else ""), fontsize=10)
    axes.grid(True, which="both", linewidth=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    path = os.path.join(outdir, "typed_%s.png" % routine)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def main(argv):
    if len(argv) < 2 or len(argv) > 3:
        sys.stderr.write("usage: plot_typed.py TYPED_GPU_TXT [OUTDIR]\n")
        return 2
    outdir = argv[2] if len(argv) == 3 else (os.path.dirname(argv[1]) or ".")
    os.makedirs(outdir, exist_ok=True)
    rates, ceilings, device = read(argv[1])
    if not rates:
        sys.stderr.write("plot_typed.py: no measurements in %s\n" % argv[1])
        return 1
    for routine in ROUTINES:
        if routine in rates:
            print(plot(routine, rates[routine], ceilings, device, outdir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
