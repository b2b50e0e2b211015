/* nussinov: RNA secondary-structure scores by dynamic programming, every maximum a branch of
 * the max_score macro. PolyBench keeps the bases in a char array; char is not supported, so
 * they are ints here (typedef int base in the header), and the score table is real-valued, so that the
 * scores have derivatives with respect to the table's initial values.
 *   paradjoint check examples/realc/polybench/nussinov.c --function kernel_nussinov --index seq=range:0:4 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

/* the bases A, C, G, U as 0, 1, 2, 3 (type base, from the header): pairs that sum to 3 match */
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static void init_array(int n, base POLYBENCH_1D(seq, N, n), DATA_TYPE POLYBENCH_2D(table, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        seq[i] = (base) ((i + 1) % 4);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            table[i][j] = 0;
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(table, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = i; j < n; j++)
            fprintf(stderr, DATA_PRINTF_MODIFIER, table[i][j]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(table : table)
static void kernel_nussinov(int n, base POLYBENCH_1D(seq, N, n), DATA_TYPE POLYBENCH_2D(table, N, N, n, n))
{
    int i, j, k;

#pragma scop
    for (i = n - 1; i >= 0; i--)
        for (j = i + 1; j < _PB_N; j++) {
            if (j - 1 >= 0)
                table[i][j] = max_score(table[i][j], table[i][j - 1]);
            if (i + 1 < _PB_N)
                table[i][j] = max_score(table[i][j], table[i + 1][j]);
            if (j - 1 >= 0 && i + 1 < _PB_N) {
                /* don't allow adjacent elements to bond */
                if (i < j - 1)
                    table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
                else
                    table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
            }
            for (k = i + 1; k < j; k++)
                table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
        }
#pragma endscop
}

int main(void)
{
    int n = N;
    base *seq = malloc(sizeof(base[n]));
    DATA_TYPE (*table)[n] = malloc(sizeof(DATA_TYPE[n][n]));

    init_array(n, seq, table);
    kernel_nussinov(n, seq, table);
    print_array(n, table);
    free(seq);
    free(table);
    return 0;
}
