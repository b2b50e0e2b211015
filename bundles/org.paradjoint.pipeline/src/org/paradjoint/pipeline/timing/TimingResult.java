package org.paradjoint.pipeline.timing;

import java.nio.file.Path;
import java.util.List;

/** The rows of a finished experiment, the CSV they were written to and the work directory. */
public record TimingResult(List<TimingRow> rows, Path csv, Path workDir) {

    public TimingResult {
        rows = List.copyOf(rows);
    }
}
