/* Adjoint of pointwise: x_out = x^2, so xb = 2 x xb.  No tape: the input is still in x. */
void pointwise_hand(int n, double *x, double *xb)
{
    int i;
#pragma omp parallel for
    for (i = 0; i < n; i++)
        xb[i] = 2.0 * x[i] * xb[i];
}
