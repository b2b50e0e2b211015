package org.paradjoint.pipeline;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/**
 * The partially separable gradient as a generator of the workbench (Differentiate > Partially
 * Separable Gradient) and as the "sparse gradient" variant of timing experiments: {@code x_ps.c}
 * with {@code f_grad_ps} (the parameters of {@code f} with the gradient after each independent,
 * incremented like an adjoint), with {@code x_ps.h} and {@code paradjoint_ps.h} as companions, and
 * for a Fortran source the module of {@code bind(C)} interfaces {@code x_ps_mod.f90} (the C is
 * generated from the procedure lowered to C's conventions).
 * The gradient parameters take the adjoint suffix. Registered in plugin.xml under
 * {@code org.paradjoint.launch.generators}.
 */
public final class SeparableGenerator implements DerivativeGenerator {

    @Override
    public String id() {
        return SEPARABLE_GRADIENT;
    }

    @Override
    public String label() {
        return "Partially separable gradient";
    }

    @Override
    public boolean appliesTo(Function function) {
        return SeparableDifferentiator.isAnnotated(function);
    }

    @Override
    public GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName,
            GenerationSettings settings) {
        String path = SeparableDifferentiator.outputFileName(sourcePath);
        SeparableOptions options = SeparableOptions.defaults().withGradientSuffix(settings.adjointSuffix());
        if (settings.independents() != null) {
            options = options.withIndependents(settings.independents());
        }
        // a Fortran unit is lowered to C's conventions and gets a module of bind(C) interfaces
        SourceLanguage language = Languages.of(unit);
        if (language.separableBackend().isEmpty()) {
            return new GeneratedFile(path, null, List.of(), List.of(Diagnostic.error("not-available.separable",
                    SourceRange.ofFile(sourcePath), "language", language.displayName())));
        }
        SeparableDifferentiator.Backend backend = language.separableBackend().get();
        SeparableResult r = functionName != null
                ? SeparableDifferentiator.differentiate(unit, functionName, options, backend)
                : SeparableDifferentiator.differentiateAll(unit, options, backend);
        if (r.hasErrors()) {
            return new GeneratedFile(path, null, List.of(), r.diagnostics());
        }
        List<DerivativeSignature> signatures = new ArrayList<>();
        for (SeparableFunction s : r.functions()) {
            unit.function(s.primal()).ifPresent(f -> signatures.add(signature(f, s)));
        }
        List<Diagnostic> clashes = NameClashes.of(unit, signatures, "partially separable gradient");
        if (!clashes.isEmpty()) {
            List<Diagnostic> all = new ArrayList<>(r.diagnostics());
            all.addAll(clashes);
            return new GeneratedFile(path, null, signatures, all);
        }
        // The files belong next to the source: name them after the source path, as the others.
        String dir = directoryOf(sourcePath);
        List<GeneratedFile.Companion> companions = new ArrayList<>(List.of(
                companion(dir, r.header()), companion(dir, r.support())));
        r.interfaceModule().ifPresent(m -> companions.add(companion(dir, m)));
        return new GeneratedFile(path, GeneratedMarker.stamp(path, r.source().text()), signatures, r.diagnostics(),
                companions);
    }

    /**
     * {@code f_grad_ps}: every parameter of {@code f} in order, the gradient right after each
     * independent (a non-const array of the same type, incremented, as an adjoint). The dependent
     * is what the combining assignment writes.
     */
    static DerivativeSignature signature(Function f, SeparableFunction s) {
        Set<Variable> combined = combineTargets(f);
        List<DerivativeSignature.Param> params = new ArrayList<>();
        for (Variable p : f.params()) {
            int k = s.independents().indexOf(p.name());
            Variable gradient = k < 0 ? null : p.withName(s.gradientParams().get(k)).withConst(false);
            params.add(new DerivativeSignature.Param(p, gradient, k >= 0, combined.contains(p)));
        }
        return new DerivativeSignature(f.name(), s.gradient(), Mode.REVERSE, params);
    }

    private static Set<Variable> combineTargets(Function f) {
        Set<Variable> out = new HashSet<>();
        StmtUtil.forEach(f.body(), st -> {
            if (st instanceof Assign a
                    && a.pragmas().stream().anyMatch(AdPragma.PartiallySeparable.class::isInstance)) {
                out.add(a.target().var());
            }
        });
        return out;
    }

    private static GeneratedFile.Companion companion(String dir, org.paradjoint.separable.GeneratedFile f) {
        String path = dir + fileName(f.name());
        return new GeneratedFile.Companion(path, GeneratedMarker.stamp(path, f.text()));
    }

    private static String directoryOf(String path) {
        if (path == null) {
            return "";
        }
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(0, slash + 1);
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }
}
