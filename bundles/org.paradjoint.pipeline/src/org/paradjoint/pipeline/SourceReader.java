package org.paradjoint.pipeline;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;

/**
 * Reads a source file as users' files come: UTF-8 with or without a byte-order mark, otherwise
 * Latin-1 (with a warning to say so), with CR, LF or CRLF line ends. Only regular files are read
 * (a FIFO or a device would block or never end). A lone CR becomes LF, character for character,
 * so that offsets stay those of the file and lines are counted as an editor counts them.
 */
public final class SourceReader {

    /** The text, and the warning to show when it was not UTF-8 (empty otherwise). */
    public record Text(String text, Optional<Diagnostic> warning) {
    }

    private static final char BOM = '\uFEFF';

    private SourceReader() {
    }

    public static Text read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(Files.exists(file) ? "not a regular file (only source files are read)"
                    : "no such file");
        }
        byte[] bytes = Files.readAllBytes(file);
        String text;
        Optional<Diagnostic> warning = Optional.empty();
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            text = new String(bytes, StandardCharsets.ISO_8859_1);
            warning = Optional.of(Diagnostic.warning("read-as-latin1", SourceRange.ofFile(file.toString())));
        }
        if (!text.isEmpty() && text.charAt(0) == BOM) {
            // replaced, not removed: offsets stay those of the file
            text = ' ' + text.substring(1);
        }
        return new Text(loneCarriageReturnsAsNewlines(text), warning);
    }

    private static String loneCarriageReturnsAsNewlines(String text) {
        if (text.indexOf('\r') < 0) {
            return text;
        }
        char[] cs = text.toCharArray();
        for (int k = 0; k < cs.length; k++) {
            if (cs[k] == '\r' && (k + 1 == cs.length || cs[k + 1] != '\n')) {
                cs[k] = '\n';
            }
        }
        return new String(cs);
    }
}
