package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The files one {@code paradjoint check} writes. Before anything is written they are refused
 * when one would replace an input (the source, or a derivative file the driver includes) or a
 * file of the user's; after a failed check those that did not exist before are removed again,
 * so that a failure leaves the folder as it was (files that existed are never removed).
 */
final class CheckFiles {

    private final List<Path> created;

    private CheckFiles(List<Path> created) {
        this.created = created;
    }

    /**
     * Null when {@code generated} (tangent, adjoint, driver) may be written beside {@code source};
     * otherwise the exit status after printing why: {@value Paradjoint#USAGE} for an output that
     * is an input, 1 for a file paradjoint did not generate (unless {@code force}).
     */
    static Integer refusal(String source, List<Path> generated, boolean force, PrintStream err) {
        Set<Path> seen = new HashSet<>();
        for (Path p : generated) {
            if (SourceFiles.sameFile(source, p)) {
                err.println("paradjoint check: refusing to overwrite the source " + source + " with " + p
                        + "; give --output another file");
                return Paradjoint.USAGE;
            }
            if (!seen.add(p.toAbsolutePath().normalize())) {
                err.println("paradjoint check: refusing to write the driver over " + p
                        + ", a derivative file it includes; give --output another file");
                return Paradjoint.USAGE;
            }
        }
        return SourceFiles.mayWrite(generated, force, err) ? null : 1;
    }

    /** Notes which of {@code generated} and {@code built} do not exist yet: those a failure removes. */
    static CheckFiles before(List<Path> generated, List<Path> built) {
        List<Path> created = new ArrayList<>();
        for (Path p : generated) {
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                created.add(p);
            }
        }
        for (Path p : built) {
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                created.add(p);
            }
        }
        return new CheckFiles(created);
    }

    /** After a failure: removes the files this check created, and says which. */
    void removeCreated(PrintStream err) {
        List<String> removed = new ArrayList<>();
        for (Path p : created) {
            try {
                if (Files.deleteIfExists(p)) {
                    removed.add(p.toString());
                }
            } catch (IOException e) {
                err.println("paradjoint check: cannot remove " + p + ": " + e.getMessage());
            }
        }
        if (!removed.isEmpty()) {
            err.println("paradjoint check: the check failed; removed the files it created: "
                    + String.join(", ", removed));
        }
    }
}
