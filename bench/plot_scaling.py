#!/usr/bin/env python3
"""plot_scaling.py: the speed-up against the number of GPUs, from the table
of bench/gpu_scaling.sh, as one SVG (no plotting library needed).

    plot_scaling.py TABLE OUT.svg

One line per case and order n (the split engine, the DD kernel, dgesv_),
the speed-up taken from the seconds against the group's first row (one
GPU), with the ideal speed-up dashed.  Rows of lists that repeat a GPU
(0,0: two contexts on one GPU) are plotted at their count of contexts,
marked in the legend."""
import sys
from xml.sax.saxutils import escape


def read_table(path):
    """{(case, n): [(gpus, seconds, list)]} in the table's order."""
    groups = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) < 7 or line.startswith("#") or fields[0] == "case":
                continue
            try:
                gpus, seconds = int(fields[3]), float(fields[4])
            except ValueError:
                continue  # a failed case
            groups.setdefault((fields[0], fields[1]), []).append((gpus, seconds, fields[2]))
    return groups


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: plot_scaling.py TABLE OUT.svg")
    groups = read_table(sys.argv[1])
    if not groups:
        sys.exit("%s: no rows" % sys.argv[1])
    width, height, left, right, top, bottom = 660, 420, 60, 210, 30, 50
    most = max(g for rows in groups.values() for g, _, _ in rows)
    peak = max(max(rows[0][1] / s for _, s, _ in rows) for rows in groups.values())
    top_value = max(most, peak) * 1.05
    x = lambda g: left + (g - 1) / max(most - 1, 1) * (width - left - right)
    y = lambda v: height - bottom - v / top_value * (height - top - bottom)
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="18">speed-up against one GPU (bench/gpu_scaling.sh)</text>' % left]
    for g in range(1, most + 1):
        out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>'
                   % (x(g), y(0), x(g), y(top_value)))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (x(g), height - bottom + 16, g))
    tick = 1 if top_value <= 10 else 2
    for v in range(0, int(top_value) + 1, tick):
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'
                   % (left, y(v), width - right, y(v)))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%d</text>' % (left - 6, y(v) + 4, v))
    out.append('<text x="%d" y="%d" text-anchor="middle">GPUs (contexts)</text>'
               % ((left + width - right) // 2, height - 12))
    out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="4 4"/>'
               % (x(1), y(1), x(most), y(most)))
    for i, ((case, n), rows) in enumerate(sorted(groups.items())):
        colour = colours[i % len(colours)]
        points = [(x(g), y(rows[0][1] / s)) for g, s, _ in rows]
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                   % (colour, " ".join("%.1f,%.1f" % p for p in points)))
        for px, py in points:
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (px, py, colour))
        repeats = any(len(set(l.split(","))) < len(l.split(",")) for _, _, l in rows)
        label = "%s n=%s%s" % (case, n, " (on 1 GPU)" if repeats else "")
        ly = top + 16 * (i + 1)
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                   % (width - right + 10, ly - 4, width - right + 30, ly - 4, colour))
        out.append('<text x="%d" y="%d">%s</text>' % (width - right + 34, ly, escape(label)))
    out.append("</svg>")
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
