/* Pointwise in-place square: x[i] = x[i]^2.  Active: x -> x. */
void pointwise(int n, double *x)
{
    int i;
#pragma ad gradient(x : x)
#pragma omp parallel for private(i)
    for (i = 0; i < n; i++)
        x[i] = x[i] * x[i];
}
