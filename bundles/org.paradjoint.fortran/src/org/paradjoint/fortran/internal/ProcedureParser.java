package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;


import org.paradjoint.core.annotation.AnnotationMessages;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * One subroutine or function to an IR {@link Function}, in two phases: {@link #prepare} reads
 * the header and the specification part (so that every function's result type is known), then
 * {@link #finish} maps the executable part. A function's result variable is a local; the body
 * ends with {@code return result}. Dummy arguments are parameters in order, {@code intent(in)}
 * ones are const; every variable is column-major.
 */
final class ProcedureParser {
    private final UnitIndex.Procedure proc;
    private final List<LogicalLine> lines;
    private final List<LogicalLine> before;
    private final Reporter reporter;
    private final Scope scope;
    private Header header;
    private SpecificationPart spec;
    private DeclaredVariables.Built built;
    private Variable result;
    private int bodyStart;
    private boolean failed;

    ProcedureParser(UnitIndex.Procedure proc, List<LogicalLine> lines, List<LogicalLine> before, Reporter reporter,
            UnitIndex unit) {
        this.proc = proc;
        this.lines = lines;
        this.before = before;
        this.reporter = reporter;
        this.scope = new Scope(unit);
        if (proc.module != null) {
            scope.seeModule(proc.module);
        }
    }

    void prepare() {
        int errorsBefore = reporter.errorCount();
        prepareSteps();
        failed |= reporter.errorCount() > errorsBefore;
    }

    private void prepareSteps() {
        LogicalLine h = lines.get(proc.header);
        try {
            header = Header.read(h, reporter.src(), Classifier.classify(h).at());
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            failed = true;
            return;
        }
        spec = new SpecificationPart(scope, reporter, null, null);
        bodyStart = spec.parse(lines, proc.header + 1, proc.end);
        if (header.isFunction()) {
            try {
                TypeSpec t = header.prefixType(reporter.src(), spec.exprs());
                if (t != null) {
                    spec.typeResult(header.resultName(), t, header.name());
                }
            } catch (UnsupportedException e) {
                reporter.add(e.diagnostic());
            }
            SpecificationPart.Entity r = spec.entity(header.resultName());
            if (r == null || r.type == null) {
                Token at = header.result() != null ? header.result() : header.name();
                reporter.error("undeclared-variable.result-function-has", at.start(), at.end(), "name",
                        header.name().text(), "resultName", header.resultName());
                failed = true;
                return;
            }
            if (r.dimsAt >= 0) {
                reporter.error("unsupported-function.array-valued-function", r.start, r.end);
            }
        }
        built = spec.build(header.dummies(), header);
        if (header.isFunction()) {
            result = built.locals().stream().filter(v -> v.name().equals(header.resultName())).findFirst().orElse(null);
            if (result != null) {
                proc.resultType = result.type();
                proc.resultLogical = scope.isLogical(result);
                proc.resultName = result.name();
            }
        }
    }

    /** The function, or null when it has errors (reported). */
    Function finish() {
        if (built == null) {
            return null;
        }
        int errorsBefore = reporter.errorCount();
        Directives directives = new Directives(scope, reporter, spec.exprs());
        List<LogicalLine> functionLevel = new ArrayList<>(before);
        functionLevel.addAll(spec.functionDirectives);
        for (LogicalLine l : functionLevel) {
            if (l.kind() == LogicalLine.Kind.OMP) {
                reporter.error("misplaced-pragma.omp-outside-executable-part", l.start(), l.end());
                continue;
            }
            AdPragma p = directives.resolve(l);
            AnnotationMessages.Misfit problem = p == null ? null : AdDirective.misfit(p, AnnotationSite.FUNCTION,
                    false);
            if (problem != null) {
                directives.collected.remove(p);
                reporter.add(AdDirective.misplaced(l, AnnotationSite.FUNCTION, problem, reporter.src()));
            }
        }
        ExecutionPart exec = new ExecutionPart(scope, reporter, spec.exprs(), directives, result, lines, proc.end);
        List<Stmt> body = new ArrayList<>(exec.parse(bodyStart));
        LogicalLine h = lines.get(proc.header);
        int endOffset = proc.end < lines.size() ? lines.get(proc.end).end() : lines.get(lines.size() - 1).end();
        var range = reporter.src().range(h.start(), endOffset);
        if (result != null && (body.isEmpty() || !(body.get(body.size() - 1) instanceof Return))) {
            body.add(new Return(new VarRef(result, range), range));
        }
        exec.mpi().unwaited().forEach(e -> reporter.add(e.diagnostic()));
        if (failed || reporter.errorCount() > errorsBefore) {
            return null;
        }
        List<AdPragma> pragmas = new ArrayList<>(directives.collected);
        pragmas.sort(Comparator.comparingInt(p -> p.range().offset()));
        List<Variable> locals = new ArrayList<>(built.locals());
        locals.addAll(exec.introduced());
        Block block = new Block(body, range);
        // what only MPI calls named (an ierror, a request) is not needed by the IR's calls
        Set<Variable> used = StmtUtil.mentioned(block);
        locals.removeIf(v -> exec.mpi().consumed().contains(v) && !used.contains(v));
        List<Variable> params = new ArrayList<>(built.params());
        Map<Variable, Variable> communicators = MpiDeclarations.communicators(exec.mpi().communicators());
        if (!communicators.isEmpty()) {
            block = (Block) StmtUtil.rename(block, communicators);
            params.replaceAll(v -> communicators.getOrDefault(v, v));
        }
        return new Function(header.name().text(), result == null ? null : result.type(), params,
                locals, block, pragmas, false, null, range);
    }

    Set<String> assumedShape() {
        return spec == null ? Set.of() : spec.assumedShape();
    }
}
