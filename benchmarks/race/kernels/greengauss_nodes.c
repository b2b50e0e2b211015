/* examples/formad/greengauss.c with the number of nodes as a parameter and the node arrays
 * declared with it (C99 array parameters), so that the adjoint of dv can be put in a reduction
 * clause (reduction(+: dvb[:nnodes])) for the "reduction" variant of the benchmark.  The loop is
 * the example's, unchanged.                                                                      */
void green_gauss(int nnodes, int ncolors, const int *color_ia, const int (*edge2nodes)[2],
                 const double *sij, const double dv[nnodes], double grad[nnodes])
{
    int ic, ie, i, j;
    double dvFace;
    for (ic = 0; ic < ncolors; ic++) {
#pragma ad gradient(grad : dv)
#pragma omp parallel for private(ie, i, j, dvFace)
        for (ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
            i = edge2nodes[ie][0];
            j = edge2nodes[ie][1];
            if (i != j) {
                dvFace = 0.5 * (dv[i] + dv[j]);
                grad[i] = grad[i] + dvFace * sij[ie];
                grad[j] = grad[j] - dvFace * sij[ie];
            }
        }
    }
}
