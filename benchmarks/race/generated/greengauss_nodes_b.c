/* Adjoint (reverse mode) of green_gauss in greengauss_nodes.c: dependents grad; independents dv. */
void green_gauss_b(int nnodes, int ncolors, const int *color_ia, const int (*edge2nodes)[2],
                   const double *sij, const double dv[nnodes], double dvb[nnodes],
                   double grad[nnodes], double gradb[nnodes])
{
    int ic, ie, i, j;
    (void) dv;
    (void) grad;
    for (ic = ncolors - 1; ic >= 0; ic--) {
        #pragma omp parallel for private(ie, i, j)
        for (ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
            double dvFaceb = 0.0;
            i = edge2nodes[ie][0];
            j = edge2nodes[ie][1];
            if (i != j) {
                dvFaceb -= sij[ie] * gradb[j];
                dvFaceb += sij[ie] * gradb[i];
                dvb[i] += 0.5 * dvFaceb;
                dvb[j] += 0.5 * dvFaceb;
            }
        }
    }
}
