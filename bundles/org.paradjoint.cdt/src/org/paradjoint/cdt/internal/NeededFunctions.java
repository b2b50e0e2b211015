package org.paradjoint.cdt.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;

/**
 * The function definitions a differentiation can reach: those carrying an annotation of ours
 * (before the definition or in its body), those the command names, and, transitively, the
 * functions of the file and of the user's headers they call, which the transformations inline.
 * Found on the CDT tree, before any mapping, so that a large file pays the mapping only for these.
 * The helpers of the user's headers are mapped only when the file calls them, also when every
 * function of the file is: a header's other functions are not this file's to check. Definitions
 * of system headers are never candidates (the caller leaves them out).
 * <p>
 * Any {@code ad} or ADIC2 pragma counts, not only those that request a derivative: a pragma the
 * front-end cannot resolve is then still reported, at the price of mapping a few more functions.
 */
final class NeededFunctions {

    private NeededFunctions() {
    }

    /**
     * {@code defs}: the definitions of the file; {@code headerDefs}: those of the user's headers;
     * {@code named} null: every function of the file is a root.
     */
    static Set<IASTFunctionDefinition> of(List<IASTFunctionDefinition> defs, List<IASTFunctionDefinition> headerDefs,
            Map<IASTFunctionDefinition, List<Site>> before, Map<IASTFunctionDefinition, List<Site>> inside,
            Set<String> named) {
        Map<String, List<IASTFunctionDefinition>> byName = new HashMap<>();
        for (IASTFunctionDefinition def : defs) {
            byName.computeIfAbsent(name(def), k -> new ArrayList<>()).add(def);
        }
        for (IASTFunctionDefinition def : headerDefs) {
            byName.computeIfAbsent(name(def), k -> new ArrayList<>()).add(def);
        }
        Set<IASTFunctionDefinition> needed = new LinkedHashSet<>();
        Deque<IASTFunctionDefinition> work = new ArrayDeque<>();
        for (IASTFunctionDefinition def : defs) {
            if (named == null || named.contains(name(def)) || hasOurPragma(before.get(def))
                    || hasOurPragma(inside.get(def))) {
                needed.add(def);
                work.add(def);
            }
        }
        while (!work.isEmpty()) {
            for (String callee : callees(work.poll())) {
                for (IASTFunctionDefinition def : byName.getOrDefault(callee, List.of())) {
                    if (needed.add(def)) {
                        work.add(def);
                    }
                }
            }
        }
        return needed;
    }

    private static boolean hasOurPragma(List<Site> sites) {
        return sites.stream().anyMatch(s -> !s.isOmp());
    }

    private static String name(IASTFunctionDefinition def) {
        return def.getDeclarator().getName().toString();
    }

    /** The names called in the body; only a plain name can call a function of the file (no pointers). */
    private static Set<String> callees(IASTFunctionDefinition def) {
        Set<String> out = new LinkedHashSet<>();
        def.getBody().accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                if (e instanceof IASTFunctionCallExpression call
                        && call.getFunctionNameExpression() instanceof IASTIdExpression id) {
                    out.add(id.getName().toString());
                }
                return PROCESS_CONTINUE;
            }
        });
        return out;
    }
}
