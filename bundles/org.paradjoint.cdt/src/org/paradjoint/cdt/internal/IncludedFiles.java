package org.paradjoint.cdt.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.cdt.core.index.IIndexFileLocation;
import org.eclipse.cdt.core.parser.FileContent;
import org.eclipse.cdt.internal.core.parser.IMacroDictionary;
import org.eclipse.cdt.internal.core.parser.scanner.InternalFileContent;
import org.eclipse.cdt.internal.core.parser.scanner.InternalFileContentProvider;

/**
 * The headers one parse reads, from the file system, as CDT's standalone indexer reads them. The
 * text of each header is kept for the process (checked against the file's size and modification
 * time), so the system headers that every file includes are read from disk once; CDT still
 * preprocesses them for each file, as a compiler does. The texts of the headers a parse read are
 * also what locates a node of a header ({@link #text}).
 */
final class IncludedFiles extends InternalFileContentProvider {

    private record Cached(long size, long modified, String text) {
    }

    private static final Map<String, Cached> CACHE = new ConcurrentHashMap<>();

    private final Map<String, SourceText> texts = new HashMap<>();
    /** The headers this parse read (CDT may ask from its own threads). */
    private final Set<String> read = ConcurrentHashMap.newKeySet();

    @Override
    public InternalFileContent getContentForInclusion(String path, IMacroDictionary macros) {
        String text = read(path);
        if (text == null) {
            return null;
        }
        read.add(path);
        return (InternalFileContent) FileContent.create(path, text.toCharArray());
    }

    /**
     * Whether this parse read {@code path} as a header; a node of another file name is of the
     * file itself, or of a snippet parsed apart and located in the file (an annotation's expression).
     */
    boolean isHeader(String path) {
        return read.contains(path);
    }

    @Override
    public InternalFileContent getContentForInclusion(IIndexFileLocation location, String astPath) {
        return getContentForInclusion(astPath, null);
    }

    @Override
    public boolean getInclusionExists(String path) {
        return Files.isRegularFile(Path.of(path));
    }

    /** The text of a header this parse read, for locating its nodes; an empty text if it cannot be read again. */
    synchronized SourceText text(String path) {
        return texts.computeIfAbsent(path, p -> {
            String t = read(p);
            return new SourceText(p, t == null ? "" : t);
        });
    }

    /** The file's text, from the cache while the file is unchanged; null when it is not a readable file. */
    private static String read(String path) {
        Path p = Path.of(path);
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            if (!a.isRegularFile()) {
                return null;
            }
            long modified = a.lastModifiedTime().toMillis();
            Cached c = CACHE.get(path);
            if (c == null || c.size() != a.size() || c.modified() != modified) {
                c = new Cached(a.size(), modified, new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
                CACHE.put(path, c);
            }
            return c.text();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
