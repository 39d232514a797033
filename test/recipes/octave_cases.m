% An ill-conditioned product and a solve through Octave.  Rows of A are
% (u, v, -u) with u near 1e8, columns of B are (1, w, 1): each element of
% A * B is v w exactly, so its correctly rounded value is the double v * w,
% which double loses in u + v w.  Prints the elements of A * B that differ
% from it, and the error of a Hilbert solve (Octave's \ factors it with
% LAPACK's dpotrf, whose BLAS calls twofold computes when preloaded).
rand("seed", 16);
m = 4; n = 3;
u = 1e8 * (1 + rand(m, 1)); v = 1 + rand(m, 1); w = 1 + rand(n, 1);
A = [u, v, -u];
B = [ones(1, n); w'; ones(1, n)];
C = A * B;
wrong = sum(C(:) != reshape(v * w', [], 1));
if wrong == 0
  printf("matmul exact 0 of %d elements not correctly rounded\n", m * n);
else
  printf("matmul differs %d of %d elements not correctly rounded\n", wrong, m * n);
end
H = hilb(9);
x = H \ (H * ones(9, 1));
printf("solve largest x - 1: %.1e (b rounded: the exact x is not 1; condition %.1e)\n", max(abs(x - 1)), cond(H));
