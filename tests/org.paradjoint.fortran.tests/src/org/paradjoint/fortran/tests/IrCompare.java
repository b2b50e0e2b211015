package org.paradjoint.fortran.tests;

import java.util.List;
import java.util.Objects;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;

/**
 * Structural comparison of IR functions. IR records compare by structure already (source ranges
 * compare equal), but variables compare by name only; here their type, bounds, kind, constness
 * and layout are compared too. Returns the first difference, or null.
 */
final class IrCompare {

    private IrCompare() {
    }

    static String difference(Function want, Function got) {
        if (!want.name().equals(got.name())) {
            return "name " + want.name() + " vs " + got.name();
        }
        if (!Objects.equals(want.returnType(), got.returnType())) {
            return "return type " + want.returnType() + " vs " + got.returnType();
        }
        String d = variables("parameter", want.params(), got.params());
        if (d != null) {
            return d;
        }
        d = variables("local", want.locals(), got.locals());
        if (d != null) {
            return d;
        }
        if (!want.pragmas().equals(got.pragmas())) {
            return "pragmas " + want.pragmas() + " vs " + got.pragmas();
        }
        var ws = want.body().stmts();
        var gs = got.body().stmts();
        for (int k = 0; k < Math.min(ws.size(), gs.size()); k++) {
            if (!ws.get(k).equals(gs.get(k))) {
                return "statement " + k + ":\n  want " + ws.get(k) + "\n  got  " + gs.get(k);
            }
        }
        if (ws.size() != gs.size()) {
            return "statement count " + ws.size() + " vs " + gs.size();
        }
        return null;
    }

    private static String variables(String what, List<Variable> want, List<Variable> got) {
        if (want.size() != got.size()) {
            return what + "s " + want + " vs " + got;
        }
        for (int k = 0; k < want.size(); k++) {
            Variable a = want.get(k);
            Variable b = got.get(k);
            if (!a.name().equals(b.name()) || a.type() != b.type() || !a.dims().equals(b.dims())
                    || a.kind() != b.kind() || a.isConst() != b.isConst() || a.layout() != b.layout()) {
                return what + " " + k + ": " + describe(a) + " vs " + describe(b);
            }
        }
        return null;
    }

    private static String describe(Variable v) {
        return v.name() + ":" + v.type() + v.dims() + " " + v.kind() + (v.isConst() ? " const " : " ") + v.layout();
    }
}
