package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;

/**
 * Everything generated for one function, as IR: its file-scope caches, the functions it defines and
 * those other files may call (whose prototypes go into the generated header).
 */
public final class FunctionGenerator {

    /**
     * The parts of the output file that belong to one function: the file-scope variables (with the
     * comment that says what they hold), the function definitions in order, and the summary, whose
     * prototypes are those of the public functions.
     */
    public record Parts(String staticsComment, List<Variable> statics, List<Function> functions,
            SeparableFunction summary, String constantsComment, String constants) {

        public Parts {
            statics = List.copyOf(statics);
            functions = List.copyOf(functions);
        }
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
        ColumnColoringChoice coloring = ColumnColoringChoice.of(m, layout);
        DirectAssembly direct = options.directAssembly() ? DirectAssembly.of(m, layout, coloring) : null;
        List<Function> functions = new ArrayList<>(List.of(expanded));
        if (direct == null || options.denseVariant()) {
            // the compressed sweep and the pattern detection: the sparse gradient's, or only the dense variant's
            functions.add(PatternFunction.generate(m, layout, names, fn.pattern(),
                    "Sparsity pattern of the elementals of " + from + " by index-set propagation"));
            functions.add(SweepFunction.generate(m, layout, names, fn.sweep(),
                    "Compressed forward sweep of " + from + ": p directions, direct recovery and gradient assembly",
                    gradients));
        }
        List<Function> exported = new ArrayList<>(List.of(expanded));
        List<Variable> statics = new ArrayList<>();
        Accessors.State state = Accessors.State.of(fn.cache(), fn.seconds());
        PeriodicColoringCode periodic = coloring.atGenerationTime() && direct == null
                ? new PeriodicColoringCode(coloring, names, fn.gradient()) : null;
        report(coloring, direct, m, fn, diags);
        Function grad;
        if (direct != null) {
            String sweep = names.fresh(fn.sweep() + "_direct");
            functions.add(SweepFunction.generateDirect(m, layout, direct, names, sweep, "Forward sweep of " + from
                    + ": one direction per entry an iteration reads, each iteration's derivatives added to the "
                    + "gradient", gradients));
            grad = GradientDriver.generateDirect(m, sweep, direct.directions(), state, gradients, fn.gradient(),
                    "Sparse gradient of " + from + " by partial separability: the stencil's iterations add their "
                    + "derivatives directly (no plan)");
        } else {
            grad = GradientDriver.generate(m, names, fn, false, state, gradients,
                    "Sparse gradient of " + from + " by partial separability and column colouring", periodic);
        }
        addDriver(grad, state, functions, exported, statics);
        if (options.denseVariant()) {
            Accessors.State dense = Accessors.State.of(fn.denseCache(), fn.denseSeconds());
            addDriver(GradientDriver.generate(m, names, fn, true, dense, gradients,
                    "Dense vector forward mode of " + from + " (one direction per input entry), for comparison"),
                    dense, functions, exported, statics);
        }
        List<String> elementals = m.skeleton().expanded().stream().map(x -> x.source().scalar().name()).toList();
        List<String> counts = m.skeleton().expanded().stream().map(x -> CPrinter.print(x.slots())).toList();
        SeparableFunction summary = new SeparableFunction(f.name(), expanded.name(), grad.name(),
                options.denseVariant() ? fn.dense() : null, elementals, counts,
                m.independents().stream().map(Variable::name).toList(),
                gradients.values().stream().map(Variable::name).toList(), m.isCacheable(), layout.weighted(),
                exported.stream().map(CPrinter::prototype).toList(), coloring.atGenerationTime()
                        ? coloring.coloring().colors() : 0, coloring.perElemental(), coloring.runTimeBecause(),
                direct == null ? 0 : direct.directions());
        return new Parts("cached pattern, colouring and work arrays of " + fn.gradient()
                + " (one plan per function: not thread-safe)", statics, functions, summary,
                periodic == null ? "" : periodic.comment(), periodic == null ? "" : periodic.constants());
    }

    /** {@code fquad 4, flin 4}: the colours of each elemental's Jacobian. */
    private static String perElemental(ColumnColoringChoice c) {
        StringBuilder per = new StringBuilder();
        c.perElemental().forEach((e, k) -> per.append(per.isEmpty() ? "" : ", ").append(e).append(' ').append(k));
        return per.toString();
    }

    /** An info diagnostic either way: the colours per elemental, or why the colouring runs in the gradient. */
    private static void report(ColumnColoringChoice c, DirectAssembly direct, ActiveModel m, Names fn,
            Diagnostics diags) {
        ElementalModel model = m.skeleton().model();
        String function = model.function().name();
        if (direct != null) {
            diags.add(Diagnostic.info("gradient-added-directly", model.pragmaRange(), "gradient", fn.gradient(),
                    "function", function, "directions", direct.directions(), "colors", c.coloring().colors(),
                    "periods", String.join(" x ", c.coloring().periods().stream().map(String::valueOf).toList()),
                    "elementals", perElemental(c)));
        } else if (c.atGenerationTime()) {
            diags.add(Diagnostic.info("coloring-at-generation", model.pragmaRange(),
                    "function", function, "gradient", fn.gradient(), "colors", c.coloring().colors(), "elementals",
                    perElemental(c), "periods", String.join(" x ", c.coloring().periods().stream().map(String::valueOf).toList())));
        } else {
            diags.add(Diagnostic.info("coloring-at-run-time", model.pragmaRange(),
                    "function", function, "gradient", fn.gradient(), "reason", c.runTimeBecause()));
        }
    }

    /** A gradient driver, then its accessors: defined, declared in the header, their state at file scope. */
    private static void addDriver(Function driver, Accessors.State state, List<Function> functions,
            List<Function> exported, List<Variable> statics) {
        List<Function> accessors = Accessors.of(driver.name(), state);
        functions.add(driver);
        functions.addAll(accessors);
        exported.add(driver);
        exported.addAll(accessors);
        statics.add(state.plan());
        statics.add(state.seconds());
    }

    static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }
}
