/* A PILAENV found after libtwofold's in lookup order, as ScaLAPACK's is
 * (test/pilaenv/panel.sh): its answer, 48, is not ScaLAPACK's 32. */
int pilaenv_(const int *ictxt, const char *prec);

int pilaenv_(const int *ictxt, const char *prec)
{
	(void)ictxt;
	(void)prec;
	return 48;
}
