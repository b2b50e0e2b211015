package org.paradjoint.cdt.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.gnu.c.GCCLanguage;
import org.eclipse.cdt.core.dom.ast.gnu.cpp.GPPLanguage;
import org.eclipse.cdt.core.dom.parser.AbstractCLikeLanguage;
import org.eclipse.cdt.core.parser.DefaultLogService;
import org.eclipse.cdt.core.parser.FileContent;
import org.eclipse.cdt.core.parser.IncludeFileContentProvider;
import org.eclipse.cdt.core.parser.ScannerInfo;
import org.eclipse.core.runtime.CoreException;

/**
 * Runs the CDT DOM parser on text alone: no workspace, no index, every {@code #include} empty.
 * What the system headers would have provided and the code needs is predefined here
 * ({@code _OPENMP}, the {@code M_*} constants of {@code math.h}); math functions are
 * recognised by name, so they need no prototypes.
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
        FileContent content = FileContent.create(fileName, text.toCharArray());
        ScannerInfo info = new ScannerInfo(macros, new String[0]);
        try {
            return language.getASTTranslationUnit(content, info,
                    IncludeFileContentProvider.getEmptyFilesProvider(), null, 0,
                    new DefaultLogService());
        } catch (CoreException e) {
            throw new IllegalStateException("CDT parser failed on " + fileName + ": " + e.getMessage(), e);
        }
    }
}
