package org.paradjoint.pipeline.timing;

import java.nio.file.Path;
import java.util.List;

/**
 * The rows of a finished experiment, the CSV they were written to, the work directory, and the
 * warnings about measurements too short to mean much (one line each, also sent to the listener).
 */
public record TimingResult(List<TimingRow> rows, Path csv, Path workDir, List<String> warnings) {

    public TimingResult {
        rows = List.copyOf(rows);
        warnings = List.copyOf(warnings);
    }
}
