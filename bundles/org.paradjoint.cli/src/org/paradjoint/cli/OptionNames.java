package org.paradjoint.cli;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.pipeline.Routes;

/**
 * Option values that name variables must name variables of the functions they serve: a misspelt
 * {@code --dependents} or an {@code --extent} for a scalar is a usage error, never ignored.
 */
final class OptionNames {

    private OptionNames() {
    }

    /**
     * The usage error of the first name that does not fit the targeted functions ({@code function}, or
     * every annotated one), or empty when all are fine or there is no target (reported elsewhere).
     */
    static Optional<String> problem(TranslationUnit unit, String function, List<String> dependents,
            List<String> independents, Map<String, String> extents) {
        List<Function> targets = function != null ? unit.function(function).stream().toList()
                : unit.functions().stream().filter(Routes::isAnnotated).toList();
        if (targets.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> unknown = unknownVariable("--dependents", dependents, targets)
                .or(() -> unknownVariable("--independents", independents, targets));
        if (unknown.isPresent()) {
            return unknown;
        }
        for (String name : extents.keySet()) {
            boolean sized = targets.stream().anyMatch(f -> f.lookup(StructParameter.unspell(name, f.structs()))
                    .filter(Variable::isArray).isPresent());
            if (!sized) {
                return Optional.of("--extent " + name + "=" + extents.get(name) + ": '" + name + "' is not an array of "
                        + String.join(", ", targets.stream().map(f -> "'" + f.name() + "'").toList()));
            }
        }
        return Optional.empty();
    }

    /** The first of {@code names} that some target has no variable of (null: the option was not given). */
    private static Optional<String> unknownVariable(String option, List<String> names, List<Function> targets) {
        for (String name : names == null ? List.<String>of() : names) {
            for (Function f : targets) {
                if (f.lookup(StructParameter.unspell(name, f.structs())).isEmpty()) {
                    return Optional.of(option + " " + name + ": no variable '" + name + "' in '" + f.name() + "'");
                }
            }
        }
        return Optional.empty();
    }
}
