C     A Fortran 77 program linked with -ltwofold and no -lblas: the BLAS
C     it calls (functions returning real, integer and complex values
C     among them) give the right answers.  The data are small integers,
C     so every result is exact.
      PROGRAM F77LNK
      INTEGER N
      PARAMETER (N = 3)
      DOUBLE PRECISION A(N,N), B(N,N), C(N,N), X(N), Y(N)
      DOUBLE PRECISION DDOT, DNRM2, DASUM
      INTEGER IDAMAX, I, J, NBAD
      COMPLEX*16 ZX(2), ZY(2), ZDOTC, Z
      EXTERNAL DDOT, DNRM2, DASUM, IDAMAX, ZDOTC
      NBAD = 0
      DO 20 J = 1, N
         DO 10 I = 1, N
            A(I,J) = I + 2*J
            B(I,J) = I - J
   10    CONTINUE
         X(J) = J
         Y(J) = 1
   20 CONTINUE
C     C = A*B: C(i,j) = sum_l (i+2l)(l-j)
      CALL DGEMM('N', 'N', N, N, N, 1.0D0, A, N, B, N, 0.0D0, C, N)
      DO 40 J = 1, N
         DO 30 I = 1, N
            IF (C(I,J) .NE. 6*I + 28 - J*(3*I + 12)) NBAD = NBAD + 1
   30    CONTINUE
   40 CONTINUE
C     Y = A**T*X + Y: Y(j) = 1 + sum_i (i+2j) i = 15 + 12j
      CALL DGEMV('T', N, N, 1.0D0, A, N, X, 1, 1.0D0, Y, 1)
      DO 50 J = 1, N
         IF (Y(J) .NE. 15 + 12*J) NBAD = NBAD + 1
   50 CONTINUE
C     Y = 2*X + Y
      CALL DAXPY(N, 2.0D0, X, 1, Y, 1)
      IF (Y(3) .NE. 57) NBAD = NBAD + 1
      IF (DDOT(N, X, 1, X, 1) .NE. 14) NBAD = NBAD + 1
      IF (DASUM(N, X, 1) .NE. 6) NBAD = NBAD + 1
      IF (DNRM2(2, (/3.0D0, 4.0D0/), 1) .NE. 5) NBAD = NBAD + 1
      IF (IDAMAX(N, (/1.0D0, -7.0D0, 3.0D0/), 1) .NE. 2) NBAD = NBAD+1
      ZX(1) = (1.0D0, 2.0D0)
      ZX(2) = (3.0D0, -1.0D0)
      ZY(1) = (2.0D0, 1.0D0)
      ZY(2) = (0.0D0, 1.0D0)
C     conj(1+2i)(2+i) + conj(3-i)(i) = (4-3i) + (-1+3i) = 3
      Z = ZDOTC(2, ZX, 1, ZY, 1)
      IF (Z .NE. (3.0D0, 0.0D0)) NBAD = NBAD + 1
      IF (NBAD .NE. 0) THEN
         WRITE (*,*) 'WRONG RESULTS:', NBAD
         STOP 1
      END IF
      WRITE (*,*) 'F77 program linked with -ltwofold: results correct'
      END
