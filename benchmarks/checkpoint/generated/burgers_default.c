/* A nonlinear explicit time loop: diffusion of squares (a Burgers-like step), the new state in w,
   copied back into u; both inner loops are OpenMP parallel. run.sh makes one file per variant,
   replacing the function name and the checkpoint annotation. */
void burgers_default(int n, int nt, double dt, double u[n], double w[n])
{
    int t, i;
#pragma ad gradient(u, w : u, w)
#pragma ad checkpoint(binomial)
    for (t = 0; t < nt; t++) {
#pragma omp parallel for private(i)
        for (i = 1; i < n - 1; i++)
            w[i] = u[i] + dt * (u[i - 1] * u[i - 1] - 2.0 * u[i] * u[i] + u[i + 1] * u[i + 1]);
#pragma omp parallel for private(i)
        for (i = 1; i < n - 1; i++)
            u[i] = w[i];
    }
}
