package org.paradjoint.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.paradjoint.cdt.KokkosFrontEnd;
import org.paradjoint.cdt.KokkosPrinter;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.pipeline.check.CheckToolchain;
import org.paradjoint.pipeline.check.KokkosCheck;
import org.paradjoint.pipeline.edits.Dialect;
import org.paradjoint.pipeline.edits.TopLevel;
import org.paradjoint.pipeline.timing.KokkosTiming;
import org.paradjoint.pipeline.timing.TimingToolchain;
import org.paradjoint.separable.SeparableDifferentiator;

/**
 * Kokkos C++: parsed by CDT's C++ parser (the Kokkos subset of {@link KokkosFrontEnd}), kernels
 * differentiated as parallel loops, derivatives printed as Kokkos C++ that includes
 * {@code Kokkos_Core.hpp} and builds with any backend. Annotations are C's {@code #pragma ad}.
 */
final class KokkosLanguage implements SourceLanguage {

    /** An annotation line; group 1 is the annotation text (from {@code ad}) to the end of the line. */
    private static final Pattern PRAGMA = Pattern.compile("^[ \\t]*#[ \\t]*pragma[ \\t]+(ad[ \\t]+\\w[^\\r\\n]*)",
            Pattern.MULTILINE);

    /** Kernels take no reduction clauses (a race strategy of array reductions does not apply). */
    private static final Dialect DIALECT = new Dialect(Language.KOKKOS, "#pragma ad ", PRAGMA, m -> m.group(1),
            line -> line.startsWith("#pragma") || line.startsWith("# pragma"), TopLevel::declarations,
            KokkosPrinter::print, null);

    @Override
    public Language language() {
        return Language.KOKKOS;
    }

    @Override
    public String displayName() {
        return "Kokkos C++";
    }

    @Override
    public List<String> extensions() {
        return List.of(".cpp", ".cxx", ".hpp");
    }

    @Override
    public FrontEnd newFrontEnd() {
        return new KokkosFrontEnd();
    }

    @Override
    public Dialect dialect() {
        return DIALECT;
    }

    @Override
    public String printFile(List<Function> functions) {
        return KokkosPrinter.printFile(functions);
    }

    @Override
    public Optional<SeparableDifferentiator.Backend> separableBackend() {
        return Optional.empty();
    }

    @Override
    public Optional<CheckToolchain> checkToolchain() {
        return Optional.of(new KokkosCheck());
    }

    @Override
    public Optional<TimingToolchain> timingToolchain() {
        return Optional.of(new KokkosTiming());
    }

    @Override
    public String commentLine(String text) {
        return "/* " + text + " */";
    }
}
