package org.paradjoint.z3.tests;

import java.util.Arrays;

import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.print.ExprText;

/** C-like text of a random loop and its inputs, for failure messages. */
final class Printer {

    private Printer() {
    }

    static String loop(RandomLoops g) {
        StringBuilder sb = new StringBuilder();
        sb.append("n=").append(g.nValue).append(" p=").append(Arrays.toString(Arrays.copyOf(g.pValues, 16)))
                .append(" q=").append(Arrays.toString(Arrays.copyOf(g.qValues, 16))).append('\n');
        sb.append(g.loop.pragmas()).append('\n');
        stmt(g.loop, "", sb);
        return sb.toString();
    }

    /** A loop nest as text (collapse shown on the parallel loop). */
    static String nest(For loop) {
        StringBuilder sb = new StringBuilder();
        if (loop.omp() != null && loop.omp().collapse() > 1) {
            sb.append("collapse(").append(loop.omp().collapse()).append(")\n");
        }
        stmt(loop, "", sb);
        return sb.toString();
    }

    private static void stmt(Stmt s, String indent, StringBuilder sb) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> stmt(x, indent, sb));
            case Assign a -> sb.append(indent).append(e(a.target())).append(' ').append(a.op().symbol).append(' ')
                    .append(e(a.value())).append(";\n");
            case If i -> {
                sb.append(indent).append("if (").append(e(i.cond())).append(") {\n");
                stmt(i.then(), indent + "  ", sb);
                if (i.otherwise() != null) {
                    sb.append(indent).append("} else {\n");
                    stmt(i.otherwise(), indent + "  ", sb);
                }
                sb.append(indent).append("}\n");
            }
            case For f -> {
                sb.append(indent).append(f.isParallel() ? "parallel " : "").append("for (").append(f.counter().name())
                        .append(" = ").append(e(f.lower())).append("; < ").append(e(f.bound())).append("; += ")
                        .append(e(f.step())).append(") {\n");
                stmt(f.body(), indent + "  ", sb);
                sb.append(indent).append("}\n");
            }
            default -> sb.append(indent).append(s).append('\n');
        }
    }

    private static String e(Expr x) {
        return ExprText.of(x);
    }
}
