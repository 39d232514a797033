# Ill-conditioned products and a solve through numpy, each compared with the
# correctly rounded exact result (fractions: exact rational arithmetic on the
# doubles as given).  Prints one line per case: NAME exact|differs DETAIL.
import random
from fractions import Fraction

import numpy as np

random.seed(16)


def nearest(value):
    """The double nearest a Fraction, ties to even (float() of a Fraction is
    correctly rounded)."""
    return float(value)


def report(name, computed, exact):
    computed = np.asarray(computed, dtype=np.float64).ravel()
    wanted = np.array([nearest(e) for e in exact], dtype=np.float64)
    wrong = int(np.count_nonzero(computed.view(np.uint64) != wanted.view(np.uint64)))
    worst = max(abs(Fraction(float(c)) - e) / abs(e) for c, e in zip(computed, exact))
    state = "exact" if wrong == 0 else "differs"
    print(f"{name} {state} {wrong} of {len(wanted)} elements not correctly rounded, "
          f"largest relative error {float(worst):.1e}")


# Rows of A: (u, v, -u) with u near 1e8; columns of B: (1, w, 1).  Each
# element of A @ B is v*w exactly, which double loses in u + v*w.
m, n = 4, 3
a = np.empty((m, 3))
b = np.empty((3, n))
for i in range(m):
    u = random.uniform(1e8, 2e8)
    a[i] = (u, random.uniform(1, 2), -u)
for j in range(n):
    b[:, j] = (1.0, random.uniform(1, 2), 1.0)
exact = [sum(Fraction(a[i, l]) * Fraction(b[l, j]) for l in range(3))
         for i in range(m) for j in range(n)]
report("matmul", a @ b, exact)           # cblas_dgemm
report("dot", np.dot(a[0], b[:, 0]), exact[:1])   # cblas_ddot

# A system of condition about 1e12 (the Hilbert matrix of order 9, rounded
# to double), solved exactly in rationals: numpy.linalg.solve calls dgesv_.
order = 9
h = np.array([[1.0 / (i + j + 1) for j in range(order)] for i in range(order)])
rhs = h @ np.ones(order)


def exact_solve(matrix, vector):
    size = len(vector)
    rows = [[Fraction(x) for x in matrix[i]] + [Fraction(vector[i])] for i in range(size)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][size] / rows[i][i] for i in range(size)]


print(f"condition {np.linalg.cond(h):.1e}")
report("solve", np.linalg.solve(h, rhs), exact_solve(h, rhs))
