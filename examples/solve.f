C     SOLVE: an ill-conditioned integer system solved by LAPACK's DGESV,
C     as a legacy program calls it.
C
C     A is the Pascal matrix of order 14, A(i,j) = binomial(i+j-2, j-1)
C     (condition number 3.8E14 in the 1-norm), and b = A x for the
C     integer solution x(i) = (-1)**i * i: A, b and x are all exact
C     doubles.  With the system's LAPACK the solution comes back with
C     errors of about cond(A) * eps; with libtwofold preloaded (dd mode)
C     DGESV factors in double as before and refines the solution with
C     residuals summed beyond double precision, and every component is
C     the exact integer.  The program prints each component and how many
C     are exact.
      PROGRAM SOLVE
      INTEGER N
      PARAMETER (N = 14)
      DOUBLE PRECISION A(N,N), XTRUE(N), B(N)
      INTEGER IPIV(N), I, J, INFO, EXACT
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
      DO 50 I = 1, N
         B(I) = 0.0D0
         DO 40 J = 1, N
            B(I) = B(I) + A(I,J) * XTRUE(J)
   40    CONTINUE
   50 CONTINUE
      CALL DGESV(N, 1, A, N, IPIV, B, N, INFO)
      IF (INFO .NE. 0) THEN
         WRITE (*,*) 'DGESV: INFO =', INFO
         STOP 1
      END IF
      EXACT = 0
      DO 60 I = 1, N
         WRITE (*,'(I4, F26.16)') I, B(I)
         IF (B(I) .EQ. XTRUE(I)) EXACT = EXACT + 1
   60 CONTINUE
      WRITE (*,'(A, I3, A, I3)') ' exact components:', EXACT, ' of', N
      END
