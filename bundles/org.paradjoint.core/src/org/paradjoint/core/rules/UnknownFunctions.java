package org.paradjoint.core.rules;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Call;

/**
 * The error for calls of functions that are neither defined in the file nor intrinsics. It names
 * every such function at once, so that fixing one does not just reveal the next; the location
 * is the first call. The C and Fortran front-ends and the transformations all report it here.
 */
public final class UnknownFunctions {

    private UnknownFunctions() {
    }

    /** Throws the error for {@code unknown} (in source order) unless it is empty. */
    public static void check(List<Call> unknown) {
        if (!unknown.isEmpty()) {
            Set<String> names = new LinkedHashSet<>();
            unknown.forEach(c -> names.add(c.name()));
            throw error(unknown.get(0).range(), new ArrayList<>(names));
        }
    }

    /** The error located at {@code first}, naming the distinct {@code names} in order. */
    public static UnsupportedException error(SourceRange first, List<String> names) {
        if (names.size() == 1) {
            return new UnsupportedException("unknown-function.call-unknown-function", first, "function", names.get(0));
        }
        List<String> quoted = names.stream().map(n -> "'" + n + "'").toList();
        String list = String.join(", ", quoted.subList(0, quoted.size() - 1)) + " and " + quoted.get(quoted.size() - 1);
        return new UnsupportedException("unknown-function.calls-unknown-functions", first, "list", list);
    }
}
