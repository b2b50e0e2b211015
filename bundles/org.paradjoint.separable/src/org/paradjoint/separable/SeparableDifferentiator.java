package org.paradjoint.separable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Linkage;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.separable.internal.FunctionGenerator;
import org.paradjoint.separable.internal.Names;
import org.paradjoint.separable.internal.NameSupply;
import org.paradjoint.separable.internal.SupportFile;

/**
 * Partial separability (ADIC2's transformation, with ColPack-style compression): for a function
 * {@code f} whose result combines elementals that are sums of small element functions
 * ({@code #pragma ad partially_separable(e1, ...)} on the combining assignment,
 * {@code #pragma ad elemental} on each initialisation), generates
 * <ul>
 * <li>{@code f_ps}: {@code f} with every elemental scalar-expanded into one slot per iteration of
 * the loop nests that update it; computes the same result to rounding;</li>
 * <li>{@code f_grad_ps}: the parameters of {@code f} with the gradient inserted after every
 * independent; on exit {@code f}'s result holds the value and every gradient array has been
 * <em>incremented</em> by the gradient (the adjoint convention, seed 1). It detects the sparsity
 * of the elemental Jacobian by index-set propagation, colours its columns (greedy partial
 * distance-2, in the support file), runs one vector forward sweep with as many directions as
 * colours, recovers the Jacobian directly and assembles the gradient. Pattern and colouring are
 * cached per value of the scalar parameters (recomputed on every call when they depend on
 * array contents, with a warning).</li>
 * </ul>
 * The generated C includes {@value SupportFile#FILE_NAME}, returned with it. For a Fortran unit the
 * procedures are first lowered to C's conventions ({@code org.paradjoint.fortran.lower.CLayout}) and a
 * fourth file, {@code x_ps_mod.f90}, holds the {@code bind(C)} interfaces Fortran callers use.
 */
public final class SeparableDifferentiator {

    /** The name of the support file the generated code includes. */
    public static final String SUPPORT_FILE = SupportFile.FILE_NAME;

    private SeparableDifferentiator() {
    }

    /**
     * Generates the C files from functions whose IR follows C's conventions (0-based subscripts,
     * row-major arrays). A unit of another language is lowered first by whoever knows that
     * language, which then adds what its callers need (Fortran: a {@code bind(C)} interface module).
     */
    @FunctionalInterface
    public interface Backend {
        SeparableResult generate(TranslationUnit unit, List<Function> targets, SeparableOptions options,
                Diagnostics diags);

        /** The C files of a unit that follows C's conventions. */
        Backend C = SeparableDifferentiator::generateC;
    }

    /** One function of a C unit. */
    public static SeparableResult differentiate(TranslationUnit unit, String function, SeparableOptions options) {
        return differentiate(unit, function, options, Backend.C);
    }

    /** Every function of a C unit with a {@code partially_separable} pragma, into one file. */
    public static SeparableResult differentiateAll(TranslationUnit unit, SeparableOptions options) {
        return differentiateAll(unit, options, Backend.C);
    }

    /** One function, through {@code backend}. */
    public static SeparableResult differentiate(TranslationUnit unit, String function, SeparableOptions options,
            Backend backend) {
        Diagnostics diags = new Diagnostics();
        Optional<Function> f = unit.function(function);
        if (f.isEmpty()) {
            diags.error("no-such-function", SourceRange.NONE, "function", function, "file", unit.file());
            return new SeparableResult(List.of(), List.of(), diags.list());
        }
        return backend.generate(unit, List.of(f.get()), options, diags);
    }

    /** Every function of the unit with a {@code partially_separable} pragma, into one file, through {@code backend}. */
    public static SeparableResult differentiateAll(TranslationUnit unit, SeparableOptions options, Backend backend) {
        Diagnostics diags = new Diagnostics();
        List<Function> fs = unit.functions().stream().filter(SeparableDifferentiator::isAnnotated).toList();
        if (fs.isEmpty()) {
            diags.error("no-partially-separable.no-function-has", SourceRange.NONE, "file", unit.file());
            return new SeparableResult(List.of(), List.of(), diags.list());
        }
        return backend.generate(unit, fs, options, diags);
    }

    public static boolean isAnnotated(Function f) {
        return f.pragmas().stream().anyMatch(p -> p instanceof AdPragma.PartiallySeparable);
    }

    /** {@code x_ps.c} for {@code x.c}, in the same folder. */
    public static String outputFileName(String file) {
        return withSuffix(file == null ? "out.c" : file, "_ps", ".c");
    }

    /** {@code x_ps.h} for {@code x.c}. */
    public static String headerFileName(String file) {
        return withSuffix(file == null ? "out.c" : file, "_ps", ".h");
    }

    /** The text of the support file {@value #SUPPORT_FILE}. */
    public static String supportFileText() {
        return SupportFile.headerText();
    }

    private static String withSuffix(String f, String suffix, String ext) {
        int dot = f.lastIndexOf('.');
        int slash = Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\'));
        String base = dot <= slash ? f : f.substring(0, dot);
        return base + suffix + ext;
    }

    /** The name of the function that reports the phase timings of the gradient {@code driver}. */
    public static String timingsFunction(String driver) {
        return Names.timings(driver);
    }

    /** The name of the function that frees the cached pattern and colouring of {@code driver}. */
    public static String releaseFunction(String driver) {
        return Names.release(driver);
    }

    /** The name of the function that returns the colouring plan of {@code driver}. */
    public static String planFunction(String driver) {
        return Names.plan(driver);
    }

    private static SeparableResult generateC(TranslationUnit unit, List<Function> fs, SeparableOptions options,
            Diagnostics diags) {
        if (unit.language() != TranslationUnit.Language.C) {
            diags.error("not-lowered", SourceRange.NONE, "file", unit.file());
            return new SeparableResult(List.of(), List.of(), diags.list());
        }
        return generateC(unit, fs, options, MessageSpelling.C, diags);
    }

    /**
     * The C files of {@code fs}, a unit that follows C's conventions; {@code spell} is the language of the user's source (Fortran for a
     * unit lowered to C's conventions), in which the diagnostics quote it.
     */
    public static SeparableResult generateC(TranslationUnit unit, List<Function> fs, SeparableOptions options,
            MessageSpelling spell, Diagnostics diags) {
        SeparableOptions opts = options == null ? SeparableOptions.defaults() : options;
        List<FunctionGenerator.Parts> parts = new ArrayList<>();
        Set<Function> callees = new LinkedHashSet<>();
        for (Function f : fs) {
            NameSupply names = new NameSupply(unit, f);
            for (Function g : fs) {
                names.reserve(g.name());
            }
            for (FunctionGenerator.Parts p : parts) {
                reserveAll(names, p);
            }
            FunctionGenerator.generate(unit, f, opts, names, spell, diags).ifPresent(parts::add);
            collectCallees(unit, f, callees);
        }
        if (diags.hasErrors()) {
            return new SeparableResult(List.of(), List.of(), diags.list());
        }
        String cName = outputFileName(unit.file());
        String hName = headerFileName(unit.file());
        String base = baseName(hName);
        String source = baseName(unit.file() == null ? "out.c" : unit.file());
        StringBuilder c = new StringBuilder();
        c.append(CPrinter.comment("Partial separability of " + source + ": expanded functions and sparse gradients "
                + "(paradjoint)"));
        c.append(CPrinter.include(base)).append('\n');
        for (FunctionGenerator.Parts p : parts) {
            c.append(CPrinter.comment(p.staticsComment())).append(CPrinter.declarations(p.statics())).append('\n');
            if (!p.constants().isEmpty()) {
                c.append(CPrinter.comment(p.constantsComment())).append(p.constants()).append('\n');
            }
        }
        for (Function g : callees) {
            c.append(CPrinter.print(asStatic(g))).append('\n');
        }
        List<Function> defined = parts.stream().flatMap(p -> p.functions().stream()).toList();
        for (int k = 0; k < defined.size(); k++) {
            c.append(k > 0 ? "\n" : "").append(CPrinter.print(defined.get(k)));
        }
        StringBuilder h = new StringBuilder();
        h.append(CPrinter.include(SUPPORT_FILE)).append('\n');
        for (FunctionGenerator.Parts p : parts) {
            p.summary().prototypes().forEach(x -> h.append(x).append('\n'));
        }
        String header = CPrinter.comment("Partial separability of " + source + ": prototypes (paradjoint)")
                + CPrinter.guarded(base.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_"), h.toString());
        List<GeneratedFile> files = List.of(new GeneratedFile(cName, c.toString()), new GeneratedFile(hName,
                header), new GeneratedFile(siblingOf(cName, SUPPORT_FILE), SupportFile.headerText()));
        return new SeparableResult(files, parts.stream().map(FunctionGenerator.Parts::summary).toList(), diags.list());
    }

    private static void reserveAll(NameSupply names, FunctionGenerator.Parts p) {
        SeparableFunction s = p.summary();
        names.reserve(s.expanded());
        names.reserve(s.gradient());
        if (s.dense() != null) {
            names.reserve(s.dense());
        }
    }

    private static void collectCallees(TranslationUnit unit, Function f, Set<Function> out) {
        for (Call c : StmtUtil.calls(f.body())) {
            unit.function(c.name()).ifPresent(g -> {
                if (out.add(g)) {
                    collectCallees(unit, g, out);
                }
            });
        }
    }

    /** A user function the generated code calls, copied as a helper private to the generated file. */
    private static Function asStatic(Function g) {
        return new Function(g.name(), g.returnType(), g.params(), g.locals(), g.body(), List.of(), Linkage.STATIC,
                null, g.range(), g.unusedParams(), g.returnKind());
    }

    private static String baseName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }

    private static String siblingOf(String path, String name) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return slash < 0 ? name : path.substring(0, slash + 1) + name;
    }
}
