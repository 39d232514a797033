C     REFINE: a legacy Fortran 77 program, as such programs are written:
C     it factors a matrix with the BLAS (IDAMAX, DSWAP, DSCAL, DGER), then
C     improves the solution of A x = b by iterative refinement, the
C     residual r = b - A x computed with DGEMV.
C
C     A is the Pascal matrix of order 12 (condition number about 1E13)
C     and b = A x for a known integer x, so A, b and the exact solution
C     are all exactly representable.  With the residual computed in
C     double precision the error stalls near cond(A) * eps; computed in
C     extra precision, refinement converges to the double nearest the
C     exact solution.  The program prints the relative error it reaches.
      PROGRAM REFINE
      INTEGER N, ITMAX
      PARAMETER (N = 12, ITMAX = 8)
      DOUBLE PRECISION A(N,N), LU(N,N), XTRUE(N), B(N), X(N), R(N)
      DOUBLE PRECISION ERR
      INTEGER IPIV(N), I, J, IT, INFO
C     The Pascal matrix: A(i,j) = binomial(i+j-2, j-1)
      DO 20 J = 1, N
         DO 10 I = 1, N
            IF (I .EQ. 1 .OR. J .EQ. 1) THEN
               A(I,J) = 1.0D0
            ELSE
               A(I,J) = A(I-1,J) + A(I,J-1)
            END IF
   10    CONTINUE
   20 CONTINUE
      DO 30 I = 1, N
         XTRUE(I) = DBLE((-1)**I * I)
   30 CONTINUE
C     b = A*xtrue, exact: every partial sum is an integer below 2**53
      CALL DGEMM('N', 'N', N, 1, N, 1.0D0, A, N, XTRUE, N, 0.0D0,
     $           B, N)
C     LU = P*L*U, then x = A\b
      CALL MATCPY(N, A, LU)
      CALL FACTOR(N, LU, IPIV, INFO)
      IF (INFO .NE. 0) THEN
         WRITE (*,*) 'SINGULAR MATRIX'
         STOP 1
      END IF
      CALL DCOPY(N, B, 1, X, 1)
      CALL SOLVE(N, LU, IPIV, X)
      WRITE (*, 9000) 0, ERR(N, X, XTRUE)
C     Refinement: r = b - A x; solve A d = r; x = x + d
      DO 40 IT = 1, ITMAX
         CALL DCOPY(N, B, 1, R, 1)
         CALL DGEMV('N', N, N, -1.0D0, A, N, X, 1, 1.0D0, R, 1)
         CALL SOLVE(N, LU, IPIV, R)
         CALL DAXPY(N, 1.0D0, R, 1, X, 1)
         WRITE (*, 9000) IT, ERR(N, X, XTRUE)
   40 CONTINUE
      WRITE (*, 9010) ERR(N, X, XTRUE)
 9000 FORMAT (' step ', I2, ': relative error ', 1P, E9.2)
 9010 FORMAT (' final relative error ', 1P, E9.2)
      END

C     Copies the N x N matrix A to B.
      SUBROUTINE MATCPY(N, A, B)
      INTEGER N
      DOUBLE PRECISION A(N,N), B(N,N)
      INTEGER J
      DO 10 J = 1, N
         CALL DCOPY(N, A(1,J), 1, B(1,J), 1)
   10 CONTINUE
      END

C     LU factorization with partial pivoting, right-looking, by columns.
      SUBROUTINE FACTOR(N, A, IPIV, INFO)
      INTEGER N, IPIV(N), INFO
      DOUBLE PRECISION A(N,N)
      INTEGER IDAMAX, J, P
      EXTERNAL IDAMAX
      INFO = 0
      DO 10 J = 1, N
         P = J - 1 + IDAMAX(N-J+1, A(J,J), 1)
         IPIV(J) = P
         IF (A(P,J) .EQ. 0.0D0) THEN
            INFO = J
            RETURN
         END IF
         IF (P .NE. J) CALL DSWAP(N, A(J,1), N, A(P,1), N)
         IF (J .LT. N) THEN
            CALL DSCAL(N-J, 1.0D0 / A(J,J), A(J+1,J), 1)
            CALL DGER(N-J, N-J, -1.0D0, A(J+1,J), 1, A(J,J+1), N,
     $                A(J+1,J+1), N)
         END IF
   10 CONTINUE
      END

C     Solves A x = b in place with the factors from FACTOR.
      SUBROUTINE SOLVE(N, A, IPIV, X)
      INTEGER N, IPIV(N)
      DOUBLE PRECISION A(N,N), X(N)
      INTEGER J
      DOUBLE PRECISION T
      DO 10 J = 1, N
         IF (IPIV(J) .NE. J) THEN
            T = X(J)
            X(J) = X(IPIV(J))
            X(IPIV(J)) = T
         END IF
   10 CONTINUE
      CALL DTRSV('L', 'N', 'U', N, A, N, X, 1)
      CALL DTRSV('U', 'N', 'N', N, A, N, X, 1)
      END

C     max |x - xtrue| / max |xtrue|
      DOUBLE PRECISION FUNCTION ERR(N, X, XTRUE)
      INTEGER N
      DOUBLE PRECISION X(N), XTRUE(N)
      INTEGER I
      DOUBLE PRECISION D, S
      D = 0.0D0
      S = 0.0D0
      DO 10 I = 1, N
         D = MAX(D, ABS(X(I) - XTRUE(I)))
         S = MAX(S, ABS(XTRUE(I)))
   10 CONTINUE
      ERR = D / S
      END
