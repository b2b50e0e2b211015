package org.paradjoint.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.fortran.lower.CInterfaceModule;
import org.paradjoint.fortran.lower.CLayout;
import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/**
 * Partial separability of Fortran procedures: the procedures (and those they call) are lowered
 * to C's conventions ({@link CLayout}: 0-based subscripts, row-major arrays, assigned scalar
 * dummies as pointers), the C files are generated from the lowered IR as for a C source, and a
 * module of {@code bind(C)} interfaces ({@code x_ps_mod.f90}, module {@code x_ps_mod}) lets
 * Fortran code call the generated functions with its own arrays.
 */
final class FortranSeparableGradient {

    private FortranSeparableGradient() {
    }

    /** A {@link SeparableDifferentiator.Backend} for Fortran units. */
    static SeparableResult generate(TranslationUnit unit, List<Function> targets, SeparableOptions options,
            Diagnostics diags) {
        Set<String> needed = new LinkedHashSet<>();
        for (Function f : targets) {
            collect(unit, f, needed);
        }
        CLayout.Result lowered = CLayout.of(unit, needed);
        diags.addAll(lowered.diagnostics());
        if (lowered.hasErrors()) {
            return new SeparableResult(List.of(), List.of(), diags.list());
        }
        List<Function> fs = targets.stream().map(f -> lowered.unit().function(f.name()).orElseThrow()).toList();
        SeparableResult c = SeparableDifferentiator.generateC(lowered.unit(), fs, options, MessageSpelling.FORTRAN,
                diags);
        if (c.hasErrors()) {
            return c;
        }
        List<CInterfaceModule.Entry> entries = new ArrayList<>();
        for (SeparableFunction s : c.functions()) {
            Function f = lowered.unit().function(s.primal()).orElseThrow();
            Set<String> byRef = lowered.byReference(s.primal());
            entries.add(CInterfaceModule.Entry.subroutine(s.expanded(), f.params(), byRef));
            entries.addAll(driverEntries(s.gradient(), f, s, byRef));
            if (s.dense() != null) {
                entries.addAll(driverEntries(s.dense(), f, s, byRef));
            }
        }
        String file = moduleFileName(unit.file());
        String module = moduleName(file);
        String text = CInterfaceModule.print(module, "Fortran interfaces of " + SeparableDifferentiator
                .headerFileName(baseName(unit.file())) + " (partial separability of " + baseName(unit.file())
                + ", paradjoint)", entries);
        List<GeneratedFile> files = new ArrayList<>(c.files());
        files.add(new GeneratedFile(file, text));
        return new SeparableResult(files, c.functions(), c.diagnostics());
    }

    /** {@code x_ps_mod.f90} for {@code x.f90}, in the same folder. */
    static String moduleFileName(String file) {
        String f = file == null ? "out.f90" : file;
        int dot = f.lastIndexOf('.');
        int slash = Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\'));
        return (dot <= slash ? f : f.substring(0, dot)) + "_ps_mod.f90";
    }

    /** The module's name: the file's base name, a letter first and only letters, digits and underscores. */
    static String moduleName(String moduleFile) {
        String base = baseName(moduleFile);
        base = base.substring(0, base.length() - ".f90".length()).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_]", "_");
        return Character.isLetter(base.charAt(0)) ? base : "m_" + base;
    }

    /** {@code f_grad_ps} and its accessors. */
    private static List<CInterfaceModule.Entry> driverEntries(String driver, Function f, SeparableFunction s,
            Set<String> byRef) {
        List<Variable> params = new ArrayList<>();
        for (Variable p : f.params()) {
            params.add(p);
            int k = s.independents().indexOf(p.name());
            if (k >= 0) {
                params.add(pointer(s.gradientParams().get(k), p.type()));
            }
        }
        return List.of(CInterfaceModule.Entry.subroutine(driver, params, byRef),
                CInterfaceModule.Entry.subroutine(SeparableDifferentiator.timingsFunction(driver),
                        List.of(pointer("seconds", org.paradjoint.core.ir.BaseType.DOUBLE)), Set.of()),
                CInterfaceModule.Entry.subroutine(SeparableDifferentiator.releaseFunction(driver), List.of(), Set.of()),
                new CInterfaceModule.Entry(SeparableDifferentiator.planFunction(driver), List.of(), Set.of(), true));
    }

    private static Variable pointer(String name, org.paradjoint.core.ir.BaseType type) {
        return new Variable(name, type, List.of(new Dim(Exprs.integer(0), null)), Variable.Kind.PARAMETER, false,
                Layout.ROW_MAJOR, null);
    }

    private static void collect(TranslationUnit unit, Function f, Set<String> out) {
        if (!out.add(f.name())) {
            return;
        }
        for (Call call : StmtUtil.calls(f.body())) {
            unit.function(call.name()).ifPresent(g -> collect(unit, g, out));
        }
    }

    private static String baseName(String path) {
        String p = path == null ? "out.f90" : path;
        int slash = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
        return p.substring(slash + 1);
    }
}
