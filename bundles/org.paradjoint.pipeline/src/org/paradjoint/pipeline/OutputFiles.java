package org.paradjoint.pipeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** How generated files reach the disk, for every front door that writes them outside a workspace. */
public final class OutputFiles {

    private OutputFiles() {
    }

    /**
     * Writes {@code text} to {@code path} through a temporary file beside it that replaces the
     * target only when complete: an interrupted run leaves no half-written file, and a symbolic
     * link at {@code path} is replaced, not written through.
     */
    public static void write(Path path, String text) throws IOException {
        Path target = path.toAbsolutePath();
        // created as any new file (the user's umask), unlike createTempFile's owner-only mode
        Path tmp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** As {@link #write}, with the marker line first unless {@code text} already begins with it. */
    public static void writeGenerated(Path path, String text) throws IOException {
        write(path, GeneratedMarker.isGenerated(text) ? text : GeneratedMarker.stamp(path.toString(), text));
    }
}
