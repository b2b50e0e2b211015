package org.paradjoint.pipeline;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;

/**
 * A function of the user's file that has the name of a generated one ({@code f_b} beside
 * {@code f}): both would be defined where the check driver (or the user's build) includes the
 * source and the derivative file, so it is an error at the user's function, naming both.
 */
final class NameClashes {

    private NameClashes() {
    }

    /** One error per generated name that {@code unit} already defines. */
    static List<Diagnostic> of(TranslationUnit unit, List<DerivativeSignature> generated, String what) {
        List<Diagnostic> out = new ArrayList<>();
        for (DerivativeSignature s : generated) {
            for (TranslationUnit.Definition f : unit.definitions()) {
                if (f.name().equals(s.derivedName())) {
                    out.add(Diagnostic.error("generated-name-clash", f.range(), "function", f.name(), "generated",
                            (what != null ? what : kind(s.mode())), "primal", s.primalName()));
                }
            }
        }
        return out;
    }

    private static String kind(Mode mode) {
        return mode == Mode.TANGENT ? "tangent" : "adjoint";
    }
}
