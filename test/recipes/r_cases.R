# An ill-conditioned product and a solve through R.  Rows of A are
# (u, v, -u) with u near 1e8, columns of B are (1, w, 1): each element of
# A %*% B is v w exactly, so its correctly rounded value is the double
# v * w, which double loses in u + v w.  solve() calls LAPACK's dgesv_.
set.seed(16)
m <- 4; n <- 3
u <- 1e8 * (1 + runif(m)); v <- 1 + runif(m); w <- 1 + runif(n)
A <- cbind(u, v, -u)
B <- rbind(rep(1, n), w, rep(1, n))
C <- A %*% B
wrong <- sum(C != outer(v, w))
cat(sprintf("matmul %s %d of %d elements not correctly rounded\n",
            if (wrong == 0) "exact" else "differs", wrong, m * n))
H <- 1 / (outer(1:9, 1:9, "+") - 1)
x <- solve(H, H %*% rep(1, 9))
cat(sprintf("solve largest x - 1: %.1e (b rounded: the exact x is not 1)\n", max(abs(x - 1))))
