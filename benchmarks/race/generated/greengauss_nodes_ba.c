/* Adjoint (reverse mode) of green_gauss in greengauss_nodes.c: dependents grad; independents dv. */
void green_gauss_ba(int nnodes, int ncolors, const int *color_ia, const int (*edge2nodes)[2],
                    const double *sij, const double dv[nnodes], double dvba[nnodes],
                    double grad[nnodes], double gradba[nnodes])
{
    int ic, ie, i, j;
    (void) dv;
    (void) grad;
    for (ic = ncolors - 1; ic >= 0; ic--) {
        #pragma omp parallel for private(ie, i, j)
        for (ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
            double dvFaceba = 0.0;
            i = edge2nodes[ie][0];
            j = edge2nodes[ie][1];
            if (i != j) {
                dvFaceba -= sij[ie] * gradba[j];
                dvFaceba += sij[ie] * gradba[i];
                #pragma omp atomic
                dvba[i] += 0.5 * dvFaceba;
                #pragma omp atomic
                dvba[j] += 0.5 * dvFaceba;
            }
        }
    }
}
