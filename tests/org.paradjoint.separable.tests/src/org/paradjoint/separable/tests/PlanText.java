package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.paradjoint.coloring.SparsityPattern;

/** A plan as {@code pa_ps_plan_print} writes it: the pattern in CSR and the colour of every column. */
record PlanText(int rows, int cols, int colorCount, SparsityPattern pattern, int[] colors, int linesRead) {

    /** Parses the plan that starts at line {@code from} of {@code out}. */
    static PlanText parse(String out, int from) {
        String[] lines = out.split("\n");
        String[] head = lines[from].trim().split(" ");
        int rows = Integer.parseInt(head[0]);
        int cols = Integer.parseInt(head[1]);
        long nnz = Long.parseLong(head[2]);
        int ncolors = Integer.parseInt(head[3]);
        int[] rowPtr = new int[rows + 1];
        int[] colIdx = new int[(int) nnz];
        int k = 0;
        for (int r = 0; r < rows; r++) {
            String[] t = lines[from + 1 + r].trim().split(" ");
            int count = Integer.parseInt(t[0]);
            for (int q = 0; q < count; q++) {
                colIdx[k++] = Integer.parseInt(t[1 + q]);
            }
            rowPtr[r + 1] = k;
        }
        assertEquals(nnz, k, "nnz");
        int[] colors = cols == 0 ? new int[0]
                : Arrays.stream(lines[from + 1 + rows].trim().split(" ")).mapToInt(Integer::parseInt).toArray();
        assertEquals(cols, colors.length, "one colour per column");
        return new PlanText(rows, cols, ncolors, SparsityPattern.fromCsr(rows, cols, rowPtr, colIdx), colors,
                rows + (cols == 0 ? 1 : 2));
    }
}
