package org.paradjoint.cdt.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.gnu.c.GCCLanguage;
import org.eclipse.cdt.core.dom.ast.gnu.cpp.GPPLanguage;
import org.eclipse.cdt.core.dom.parser.AbstractCLikeLanguage;
import org.eclipse.cdt.core.parser.DefaultLogService;
import org.eclipse.cdt.core.parser.ExtendedScannerInfo;
import org.eclipse.cdt.core.parser.FileContent;
import org.eclipse.cdt.core.parser.IncludeFileContentProvider;
import org.eclipse.cdt.core.parser.IScannerInfo;
import org.eclipse.cdt.core.parser.ScannerInfo;
import org.eclipse.core.runtime.CoreException;
import org.paradjoint.core.frontend.Preprocessor;

/**
 * Runs the CDT DOM parser without workspace or index. A C file is read as gcc reads it
 * ({@link #parseFile}): its {@code #include}s are resolved (quoted ones from the including file's
 * folder, then the {@code -I} folders, then the system headers), with gcc's predefined macros and
 * the user's {@code -D}s. Kokkos C++ and the snippets of annotations are parsed from their text
 * alone, every {@code #include} read as empty. Either way {@code _OPENMP} and the {@code M_*}
 * constants of {@code math.h} are predefined, so that they mean the same whether or not
 * {@code math.h} defines them (it does not under {@code -std=c11}, where gcc defines
 * {@code __STRICT_ANSI__}); math functions are recognised by name, so they need no prototypes.
 */
public final class CdtParser {
    /** Macros every file sees, as gcc -fopenmp with glibc's math.h would define them. */
    public static final Map<String, String> PREDEFINED;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("_OPENMP", "201511");
        m.put("M_E", "2.7182818284590452354");
        m.put("M_LOG2E", "1.4426950408889634074");
        m.put("M_LOG10E", "0.43429448190325182765");
        m.put("M_LN2", "0.69314718055994530942");
        m.put("M_LN10", "2.30258509299404568402");
        m.put("M_PI", "3.14159265358979323846");
        m.put("M_PI_2", "1.57079632679489661923");
        m.put("M_PI_4", "0.78539816339744830962");
        m.put("M_1_PI", "0.31830988618379067154");
        m.put("M_2_PI", "0.63661977236758134308");
        m.put("M_2_SQRTPI", "1.12837916709551257390");
        m.put("M_SQRT2", "1.41421356237309504880");
        m.put("M_SQRT1_2", "0.70710678118654752440");
        PREDEFINED = Map.copyOf(m);
    }

    private CdtParser() {
    }

    /**
     * The macros of Kokkos that annotated code uses, as Kokkos defines them for host backends:
     * no Kokkos header needs to be read to parse a kernel.
     */
    public static final Map<String, String> KOKKOS_PREDEFINED = Map.of("KOKKOS_LAMBDA", "[=]",
            "KOKKOS_INLINE_FUNCTION", "inline", "KOKKOS_FUNCTION", "", "KOKKOS_FORCEINLINE_FUNCTION", "inline");

    /** A C file parsed with its includes: the tree, the path CDT knows the file by, and the headers it read. */
    record Parsed(IASTTranslationUnit tu, String path, IncludedFiles headers, SystemHeaders.Found system) {
        /** Whether a node lies in the parsed file itself (not in a header), macro expansions included. */
        boolean inFile(String nodePath) {
            return path.equals(nodePath);
        }
    }

    /**
     * A C file as gcc would preprocess it: includes resolved, gcc's macros, then ours, then the
     * user's {@code -D}s (a later definition wins). The file is known to CDT by its absolute
     * path, so that its quoted includes are looked for in its folder.
     */
    static Parsed parseFile(String fileName, String text, Preprocessor preprocessor) {
        SystemHeaders.Found system = SystemHeaders.get();
        Map<String, String> macros = new LinkedHashMap<>(system.macros());
        macros.putAll(PREDEFINED);
        macros.putAll(preprocessor.macros());
        List<String> searched = new ArrayList<>();
        preprocessor.includeDirs().forEach(d -> searched.add(absolute(d)));
        searched.addAll(system.includeDirs());
        String path = absolute(fileName);
        IncludedFiles headers = new IncludedFiles();
        IScannerInfo info = new ExtendedScannerInfo(macros, searched.toArray(String[]::new), null, null);
        return new Parsed(parse(GCCLanguage.getDefault(), path, text, info, headers), path, headers, system);
    }

    /** Text alone, every include empty: what annotations' expressions are parsed with. */
    public static IASTTranslationUnit parse(String fileName, String text, Map<String, String> extraMacros) {
        return parse(GCCLanguage.getDefault(), fileName, text, extraMacros);
    }

    /** C++ with Kokkos's macros predefined (CDT's GNU C++ parser). */
    public static IASTTranslationUnit parseCpp(String fileName, String text, Map<String, String> extraMacros) {
        Map<String, String> macros = new LinkedHashMap<>(KOKKOS_PREDEFINED);
        macros.putAll(extraMacros);
        return parse(GPPLanguage.getDefault(), fileName, text, macros);
    }

    private static IASTTranslationUnit parse(AbstractCLikeLanguage language, String fileName, String text,
            Map<String, String> extraMacros) {
        Map<String, String> macros = new LinkedHashMap<>(PREDEFINED);
        macros.putAll(extraMacros);
        return parse(language, fileName, text, new ScannerInfo(macros, new String[0]),
                IncludeFileContentProvider.getEmptyFilesProvider());
    }

    private static IASTTranslationUnit parse(AbstractCLikeLanguage language, String fileName, String text,
            IScannerInfo info, IncludeFileContentProvider includes) {
        FileContent content = FileContent.create(fileName, text.toCharArray());
        try {
            return language.getASTTranslationUnit(content, info, includes, null, 0, new DefaultLogService());
        } catch (CoreException e) {
            throw new IllegalStateException("CDT parser failed on " + fileName + ": " + e.getMessage(), e);
        }
    }

    private static String absolute(String file) {
        try {
            return Path.of(file).toAbsolutePath().normalize().toString();
        } catch (RuntimeException e) {
            return file; // not a path of this system: CDT keeps the name, and finds nothing beside it
        }
    }
}
