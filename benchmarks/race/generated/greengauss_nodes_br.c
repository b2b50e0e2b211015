/* Adjoint (reverse mode) of green_gauss in greengauss_nodes.c: dependents grad; independents dv. */
void green_gauss_br(int nnodes, int ncolors, const int *color_ia, const int (*edge2nodes)[2],
                    const double *sij, const double dv[nnodes], double dvbr[nnodes],
                    double grad[nnodes], double gradbr[nnodes])
{
    int ic, ie, i, j;
    (void) dv;
    (void) grad;
    for (ic = ncolors - 1; ic >= 0; ic--) {
        #pragma omp parallel for private(ie, i, j) reduction(+: dvbr[:nnodes])
        for (ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
            double dvFacebr = 0.0;
            i = edge2nodes[ie][0];
            j = edge2nodes[ie][1];
            if (i != j) {
                dvFacebr -= sij[ie] * gradbr[j];
                dvFacebr += sij[ie] * gradbr[i];
                dvbr[i] += 0.5 * dvFacebr;
                dvbr[j] += 0.5 * dvFacebr;
            }
        }
    }
}
