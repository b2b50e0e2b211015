package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.core.rules.DerivativeRules;

/**
 * Checks the restrictions of the adjoint-stencil transformation on an annotated function and
 * computes what it needs ({@link StencilNest}). Every violation is an error diagnostic at the
 * offending construct; nothing is returned when there is one.
 */
public final class StencilAnalyzer {

    private final TranslationUnit unit;
    private final Function fn;
    private final Diagnostics diags;
    /** User code in messages, in the user's language. */
    private final MessageSpelling spell;

    private StencilAnalyzer(TranslationUnit unit, Function fn, Diagnostics diags) {
        this.unit = unit;
        this.fn = fn;
        this.diags = diags;
        this.spell = MessageSpelling.of(unit, fn);
    }

    public static StencilNest analyze(TranslationUnit unit, Function fn, Diagnostics diags) {
        return new StencilAnalyzer(unit, fn, diags).run();
    }

    private StencilNest run() {
        NestLocator.Located located = NestLocator.locate(fn, spell, diags);
        if (located == null) {
            return null;
        }
        Map<Variable, Variable> adjoints = mapping(located.pragma());
        NestReader.Shape shape = NestReader.read(located.nest(), spell, diags);
        if (shape == null || diags.hasErrors()) {
            return null;
        }
        List<BodyReader.Write> writes = BodyReader.read(shape.body(), new CalleeInliner(unit, fn.name(), spell), diags);
        if (diags.hasErrors()) {
            return null;
        }
        List<Variable> counters = shape.levels().stream().map(LoopLevel::counter).toList();
        checkReadsOfWritten(writes);
        checkArity(writes);
        List<Output> outputs = outputs(writes, adjoints, counters);
        checkUsed(adjoints.keySet(), writes, located.pragma());
        if (outputs.isEmpty() && !diags.hasErrors()) {
            diags.error("stencil-mapping.no-array-pragma", located.pragma().range());
        }
        if (diags.hasErrors()) {
            return null;
        }
        Set<Variable> written = new HashSet<>();
        writes.forEach(w -> written.add(w.target().var()));
        List<Variable> inputArrays = adjoints.keySet().stream().filter(a -> !written.contains(a)).toList();
        Linearized lin = linearize(outputs, inputArrays, counters);
        if (diags.hasErrors()) {
            return null;
        }
        List<Input> inputs = new ArrayList<>();
        Map<Input, SortedMap<Shift, List<Contribution>>> contributions = new LinkedHashMap<>();
        for (Variable a : inputArrays) {
            Input in = new Input(a, adjoints.get(a), lin.levels().getOrDefault(a, List.of()));
            inputs.add(in);
            contributions.put(in, lin.byArray().get(a));
        }
        return new StencilNest(fn, located.pragma(), located.nest(), located.prefix(), shape.levels(),
                shape.ompLevel(), shape.omp(), outputs, inputs, contributions, uninterpretedCalls(outputs));
    }

    /** Per input array: the counter of each dimension, and the contributions by shift. */
    private record Linearized(Map<Variable, List<Integer>> levels,
            Map<Variable, SortedMap<Shift, List<Contribution>>> byArray) {
    }

    /** Differentiates each output once per active read and files the partials by input and shift. */
    private Linearized linearize(List<Output> outputs, List<Variable> inputArrays, List<Variable> counters) {
        Map<Variable, List<Integer>> levelsOf = new LinkedHashMap<>();
        Map<Variable, SortedMap<Shift, List<Contribution>>> byArray = new LinkedHashMap<>();
        inputArrays.forEach(a -> byArray.put(a, new TreeMap<>()));
        Linearizer lin = new Linearizer(r -> inputArrays.contains(r.var()), this::isUninterpreted);
        for (Output o : outputs) {
            boolean readsInput = ExprUtil.references(o.value()).stream()
                    .anyMatch(r -> r instanceof ArrayRef a && inputArrays.contains(a.var()));
            if (!readsInput) {
                diags.error("stencil-not-varied", o.range(), "array", o.array().name(), "elementals", String.join(", ",
                        inputArrays.stream().map(Variable::name).toList()));
                continue;
            }
            try {
                for (Map.Entry<ArrayRef, Expr> p : lin.of(o.value()).entrySet()) {
                    ArrayRef read = p.getKey();
                    ReadIndex index = ReadIndex.of(read, counters, spell);
                    List<Integer> previous = levelsOf.putIfAbsent(read.var(), index.levels());
                    if (previous != null && !previous.equals(index.levels())) {
                        throw new UnsupportedException("stencil-index-order.indexes-dimensions-by", read.range(),
                                "expr", spell.expr(read), "var", read.var().name(), "order", order(index.levels(),
                                counters), "otherOrder", order(previous, counters));
                    }
                    byArray.get(read.var()).computeIfAbsent(index.shift(), s -> new ArrayList<>())
                            .add(new Contribution(o, p.getValue()));
                }
            } catch (UnsupportedException e) {
                diags.add(e.diagnostic());
            }
        }
        return new Linearized(levelsOf, byArray);
    }

    private boolean isUninterpreted(Call c) {
        return !c.isIntrinsic() && (unit == null || unit.function(c.name()).isEmpty());
    }

    /** One call per function the file does not define, in order of first appearance. */
    private List<Call> uninterpretedCalls(List<Output> outputs) {
        Map<String, Call> first = new LinkedHashMap<>();
        for (Output o : outputs) {
            for (Call c : ExprUtil.calls(o.value())) {
                if (isUninterpreted(c)) {
                    first.putIfAbsent(c.name(), c);
                }
            }
        }
        return List.copyOf(first.values());
    }

    /** {@code [i][j]}, or {@code (i, j)} in Fortran. */
    private String order(List<Integer> levels, List<Variable> counters) {
        return spell.element("", levels.stream().map(l -> counters.get(l).name()).toList());
    }

    /** The arrays of the pragma and their adjoint parameters, in pragma order. */
    private Map<Variable, Variable> mapping(AdPragma.StencilAdjoint pragma) {
        Set<String> taken = new HashSet<>();
        fn.params().forEach(v -> taken.add(v.name()));
        fn.locals().forEach(v -> taken.add(v.name()));
        StmtUtil.mentioned(fn.body()).forEach(v -> taken.add(v.name()));
        if (unit != null) {
            // every function of the file, also those a differentiation did not map
            unit.definitions().forEach(g -> taken.add(g.name()));
        }
        Map<Variable, Variable> out = new LinkedHashMap<>();
        for (AdPragma.StencilAdjoint.Mapping m : pragma.mappings()) {
            Optional<Variable> param = fn.params().stream().filter(p -> p.name().equals(m.array())).findFirst();
            Diagnostic problem = null;
            SourceRange at = pragma.range();
            if (param.isEmpty()) {
                problem = fn.lookup(m.array()).isPresent()
                        ? Diagnostic.error("stencil-mapping.local", at, "array", m.array())
                        : Diagnostic.error("stencil-mapping.unknown", at, "array", m.array(), "function", fn.name());
            } else if (param.get().isScalar()) {
                problem = Diagnostic.error("stencil-mapping.scalar", at, "array", m.array(), "annotation",
                        spell.annotation("gradient"));
            } else if (!param.get().isFloating()) {
                problem = Diagnostic.error("stencil-mapping.not-floating", at, "array", m.array(), "type",
                        spell.type(param.get().type()));
            } else if (out.containsKey(param.get())) {
                problem = Diagnostic.error("stencil-mapping.twice", at, "array", m.array());
            } else if (taken.contains(m.adjoint())) {
                problem = Diagnostic.error("stencil-mapping.adjoint-taken", at, "adjoint", m.adjoint(), "array",
                        m.array());
            }
            if (problem != null) {
                diags.add(problem);
                continue;
            }
            taken.add(m.adjoint());
            Variable p = param.get();
            // the adjoint has its primal's type (a View's adjoint is a View of the same kind), never const
            out.put(p, new Variable(m.adjoint(), p.type(), p.dims(), Variable.Kind.PARAMETER, false, p.layout(),
                    org.paradjoint.core.diag.SourceRange.NONE, p.typeName()));
        }
        return out;
    }

    /** An array the nest writes must not be read by it, except by the implicit read of {@code +=}. */
    private void checkReadsOfWritten(List<BodyReader.Write> writes) {
        Set<Variable> written = new LinkedHashSet<>();
        writes.forEach(w -> written.add(w.target().var()));
        for (BodyReader.Write w : writes) {
            List<LValue> reads = new ArrayList<>(ExprUtil.references(w.value()));
            w.target().indices().forEach(i -> reads.addAll(ExprUtil.references(i)));
            for (LValue r : reads) {
                if (r instanceof ArrayRef a && written.contains(a.var())) {
                    diags.error("stencil-read-and-written", a.range(), "expr", spell.expr(a), "var", a.var().name());
                }
            }
        }
    }

    private void checkArity(List<BodyReader.Write> writes) {
        for (BodyReader.Write w : writes) {
            for (Call c : ExprUtil.calls(w.value())) {
                DerivativeRules.lookup(c.name()).ifPresent(r -> {
                    if (r.arity() != c.args().size()) {
                        diags.error("stencil-call-arity.takes-arguments", c.range(), "function", c.name(), "arity",
                                r.arity(), "args", c.args().size());
                    }
                });
            }
        }
    }

    private List<Output> outputs(List<BodyReader.Write> writes, Map<Variable, Variable> adjoints,
            List<Variable> counters) {
        List<Output> out = new ArrayList<>();
        Set<Variable> seen = new HashSet<>();
        Set<Variable> inputs = new HashSet<>(adjoints.keySet());
        writes.forEach(w -> inputs.remove(w.target().var()));
        for (BodyReader.Write w : writes) {
            Variable array = w.target().var();
            if (!seen.add(array)) {
                diags.error("stencil-output-twice", w.range(), "array", array.name());
                continue;
            }
            if (w.op() != Assign.Op.SET && w.op() != Assign.Op.ADD && w.op() != Assign.Op.SUB) {
                diags.error("stencil-output-operator", w.range(), "operator", w.op().symbol, "array", array.name(),
                        "incremented", (spell.isFortran() ? array.name() + " = " + array.name() + " + ..." : "+=, -="));
                continue;
            }
            Variable adjoint = adjoints.get(array);
            if (adjoint == null) {
                boolean active = ExprUtil.references(w.value()).stream()
                        .anyMatch(r -> r instanceof ArrayRef a && inputs.contains(a.var()));
                if (active) {
                    diags.error("stencil-unmapped-active", w.target().range(), "array", array.name());
                }
                continue;
            }
            List<Integer> levels = outputLevels(w, counters);
            if (levels == null) {
                continue;
            }
            Expr value = Kinks.rewrite(w.op() == Assign.Op.SUB ? Exprs.neg(w.value()) : w.value());
            out.add(new Output(array, adjoint, w.op() == Assign.Op.SET, levels, value, w.range()));
        }
        return out;
    }

    /** The loop of each index of an output: distinct counters, all of them when the output is overwritten. */
    private List<Integer> outputLevels(BodyReader.Write w, List<Variable> counters) {
        List<Integer> levels = new ArrayList<>();
        for (Expr index : w.target().indices()) {
            int level = index instanceof VarRef r ? counters.indexOf(r.var()) : -1;
            if (level < 0 || levels.contains(level)) {
                diags.error("stencil-output-index.output-each-index", w.target().range(), "expr",
                        spell.expr(w.target()), "index", spell.expr(index));
                return null;
            }
            levels.add(level);
        }
        if (w.op() == Assign.Op.SET && levels.size() != counters.size()) {
            String target = spell.expr(w.target());
            diags.error("stencil-output-index.output-does-use", w.target().range(), "target", target, "increment",
                    (spell.isFortran() ? "'" + target + " = " + target + " + ...'" : "+="));
            return null;
        }
        return levels;
    }

    private void checkUsed(Set<Variable> mapped, List<BodyReader.Write> writes, AdPragma.StencilAdjoint pragma) {
        Set<Variable> used = new HashSet<>();
        for (BodyReader.Write w : writes) {
            used.add(w.target().var());
            used.addAll(ExprUtil.variables(w.value()));
        }
        for (Variable a : mapped) {
            if (!used.contains(a)) {
                diags.error("stencil-mapping.named-by-pragma", pragma.range(), "array", a.name());
            }
        }
    }
}
