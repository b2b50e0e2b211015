/* PolyBench floyd-warshall on double weights: for every k, path[i][j] = min(path[i][j],
 * path[i][k] + path[k][j]) written as a conditional (ties keep path[i][j]), the loop over the
 * rows i parallel inside the sequential loop over k.  Active: path -> path. */
void floyd(int n, double path[n][n])
{
    int i, j, k;
#pragma ad gradient(path : path)
    for (k = 0; k < n; k++) {
#pragma omp parallel for private(i, j)
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                path[i][j] = path[i][j] <= path[i][k] + path[k][j] ? path[i][j]
                                                                   : path[i][k] + path[k][j];
    }
}
