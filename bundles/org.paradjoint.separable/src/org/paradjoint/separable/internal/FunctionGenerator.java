package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;

/** Everything generated for one function: the C text of its functions, its file-scope caches, its prototypes. */
public final class FunctionGenerator {

    /** The parts of the output file that belong to one function. */
    public record Parts(String statics, String code, SeparableFunction summary) {
    }

    private FunctionGenerator() {
    }

    public static Optional<Parts> generate(TranslationUnit unit, Function f, SeparableOptions options,
            NameSupply names, MessageSpelling spell, Diagnostics diags) {
        if (f.returnType() != null) {
            diags.error(spell.isFortran() ? "unsupported-return-value.separable-fortran"
                    : "unsupported-return-value.separable", f.range(), "function", f.name());
            return Optional.empty();
        }
        Optional<ElementalModel> model = ElementalAnalysis.analyze(unit, f, spell, diags);
        if (model.isEmpty()) {
            return Optional.empty();
        }
        try {
            Skeleton skeleton = Skeleton.build(model.get(), names);
            Optional<ActiveModel> active = ActiveModel.build(unit, skeleton, names, options.independents(), spell,
                    diags);
            if (active.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(emit(unit, active.get(), options, names, diags));
        } catch (UnsupportedException e) {
            diags.add(e.diagnostic());
            return Optional.empty();
        }
    }

    private static Parts emit(TranslationUnit unit, ActiveModel m, SeparableOptions options, NameSupply names,
            Diagnostics diags) {
        Function f = m.skeleton().model().function();
        String source = unit == null || unit.file() == null ? "" : fileName(unit.file());
        String from = f.name() + (source.isEmpty() ? "" : " (" + source + ")");
        Names fn = Names.of(f.name(), names);
        if (!m.isCacheable()) {
            diags.warning("pattern-not-cached", m.skeleton().model().pragmaRange(), "function", f.name(), "gradient",
                    fn.gradient());
        }
        Map<Variable, Variable> gradients = new LinkedHashMap<>();
        for (Variable x : m.independents()) {
            gradients.put(x, new Variable(names.fresh(x.name() + options.gradientSuffix()), x.type(),
                    List.of(new Dim(org.paradjoint.core.expr.Exprs.integer(0), null)), Variable.Kind.PARAMETER, false,
                    Layout.ROW_MAJOR, null));
        }
        Function expanded = ExpandedFunction.generate(m.skeleton(), fn.expanded(),
                "Scalar expansion of " + from + " (partial separability)", names);
        RowLayout layout = RowLayout.of(m.skeleton(), options.weightedRows());
        String pattern = PatternFunction.generate(m, layout, names, fn.pattern(),
                "Sparsity pattern of the elementals of " + from + " by index-set propagation");
        String sweep = SweepFunction.generate(m, layout, names, fn.sweep(),
                "Compressed forward sweep of " + from + ": p directions, direct recovery and gradient assembly",
                gradients);
        Function grad = GradientDriver.generate(m, names, fn, false, gradients,
                "Sparse gradient of " + from + " by partial separability and column colouring");
        List<Function> drivers = new ArrayList<>(List.of(grad));
        if (options.denseVariant()) {
            drivers.add(GradientDriver.generate(m, names, fn, true, gradients,
                    "Dense vector forward mode of " + from + " (one direction per input entry), for comparison"));
        }
        StringBuilder statics = new StringBuilder();
        statics.append("/* cached pattern, colouring and work arrays of ").append(fn.gradient())
                .append(" (one plan per function: not thread-safe) */\n");
        statics.append(cached(fn.cache(), fn.seconds()));
        if (options.denseVariant()) {
            statics.append(cached(fn.denseCache(), fn.denseSeconds()));
        }
        StringBuilder code = new StringBuilder();
        code.append(CPrinter.print(expanded)).append('\n');
        code.append(pattern).append('\n');
        code.append(sweep);
        List<String> prototypes = new ArrayList<>();
        prototypes.add(prototype(expanded));
        for (int k = 0; k < drivers.size(); k++) {
            Function d = drivers.get(k);
            String cache = k == 0 ? fn.cache() : fn.denseCache();
            String seconds = k == 0 ? fn.seconds() : fn.denseSeconds();
            code.append('\n').append(CPrinter.print(d)).append('\n').append(accessors(d.name(), cache, seconds));
            prototypes.add(prototype(d));
            prototypes.add("void " + Names.timings(d.name()) + "(double *seconds);");
            prototypes.add("void " + Names.release(d.name()) + "(void);");
            prototypes.add("const pa_ps_plan *" + Names.plan(d.name()) + "(void);");
        }
        List<String> elementals = m.skeleton().expanded().stream().map(x -> x.source().scalar().name()).toList();
        List<String> counts = m.skeleton().expanded().stream().map(x -> CPrinter.print(x.slots())).toList();
        SeparableFunction summary = new SeparableFunction(f.name(), expanded.name(), grad.name(),
                options.denseVariant() ? fn.dense() : null, elementals, counts,
                m.independents().stream().map(Variable::name).toList(),
                gradients.values().stream().map(Variable::name).toList(), m.isCacheable(), layout.weighted(),
                prototypes);
        return new Parts(statics.toString(), code.toString(), summary);
    }

    /** The file-scope plan of a driver and its seconds per phase. */
    private static String cached(String cache, String seconds) {
        return "static " + CPrinter.declarator(SupportFile.pointer(cache, BaseType.PS_PLAN)) + ";\n"
                + "static " + CPrinter.declarator(SupportFile.array(seconds, BaseType.DOUBLE,
                        SupportFile.symbol("PA_PS_PHASES"))) + ";\n";
    }

    private static String prototype(Function f) {
        String text = CPrinter.print(new Function(f.name(), f.returnType(), f.params(), List.of(),
                new org.paradjoint.core.ir.Block(List.of()), List.of(), false, null, f.range()));
        return text.substring(0, text.indexOf("\n{")).strip() + ";";
    }

    private static String accessors(String driver, String cache, String seconds) {
        return "/* Seconds per phase of " + driver + " since the last call (pattern, colouring, compressed sweep, "
                + "recovery and assembly), then reset; zeros unless compiled with -DPARADJOINT_TIMING */\n"
                + "void " + Names.timings(driver) + "(double *seconds)\n"
                + "{\n"
                + "    int pa_i;\n"
                + "    for (pa_i = 0; pa_i < PA_PS_PHASES; pa_i++) {\n"
                + "        seconds[pa_i] = " + seconds + "[pa_i];\n"
                + "        " + seconds + "[pa_i] = 0.0;\n"
                + "    }\n"
                + "}\n\n"
                + "/* Frees the cached pattern, colouring and work arrays of " + driver + " */\n"
                + "void " + Names.release(driver) + "(void)\n"
                + "{\n"
                + "    pa_ps_plan_free(" + cache + ");\n"
                + "    " + cache + " = NULL;\n"
                + "}\n\n"
                + "/* The plan (pattern, colours) " + driver + " uses, NULL before its first call */\n"
                + "const pa_ps_plan *" + Names.plan(driver) + "(void)\n"
                + "{\n"
                + "    return " + cache + ";\n"
                + "}\n";
    }

    static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }
}
