package org.paradjoint.pipeline.edits;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.Differentiator;

/**
 * "Annotate for differentiation": for a loop or function without {@code ad} annotations, the
 * {@code #pragma ad gradient(written : read)} line (Fortran: {@code !$ad gradient(...)}) with the
 * floating-point array parameters it writes and reads, inserted before the outermost loop around
 * the caret (before its OpenMP directive), or before the function when the caret is outside any
 * loop.
 */
public final class AnnotationInference {

    /** The pragma text and the edit that inserts it. */
    public record Proposal(String pragma, SourceEdit edit, String target) {
    }

    private AnnotationInference() {
    }

    public static Optional<Proposal> propose(ParsedSource src, int offset) {
        Optional<Function> fn = src.functionAt(offset);
        if (fn.isEmpty() || Differentiator.isAnnotated(fn.get())) {
            return Optional.empty();
        }
        Function f = fn.get();
        List<For> loops = src.loopsAt(f, offset);
        Stmt region = loops.isEmpty() ? f.body() : loops.get(0);
        List<String> written = arrays(f, StmtUtil.writes(region));
        List<String> read = arrays(f, StmtUtil.reads(region));
        if (written.isEmpty() || read.isEmpty()) {
            return Optional.empty();
        }
        String pragma = src.dialect().annotation("gradient(" + String.join(", ", written) + " : "
                + String.join(", ", read) + ")");
        if (loops.isEmpty()) {
            return Optional.of(new Proposal(pragma, Lines.insertBefore(src.dialect(), src.text(), f.range().offset(),
                    pragma), "function " + f.name()));
        }
        For loop = loops.get(0);
        return Optional.of(new Proposal(pragma, Lines.insertBefore(src.dialect(), src.text(), loop.range().offset(),
                pragma), "loop over " + loop.counter().name()));
    }

    /** Floating-point array parameters among {@code vars}, in parameter order. */
    private static List<String> arrays(Function f, Set<Variable> vars) {
        return f.params().stream().filter(p -> p.isArray() && p.isFloating() && vars.contains(p)).map(Variable::name)
                .toList();
    }
}
