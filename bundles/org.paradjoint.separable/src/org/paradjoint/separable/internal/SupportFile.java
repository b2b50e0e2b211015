package org.paradjoint.separable.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Macro;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The C support file the generated code includes ({@value #FILE_NAME}, a resource next to
 * this class) and IR helpers that call its functions.
 */
public final class SupportFile {

    public static final String FILE_NAME = "paradjoint_ps.h";

    /**
     * The storage class of the sweep: {@code static inline} and always inlined where the driver calls
     * it with a constant number of directions, or plain {@code static} with
     * {@code -DPARADJOINT_NO_SPECIALIZATION} (the header decides).
     */
    static final Macro SPECIALIZED = new Macro("PA_PS_SPECIALIZED");

    /** The hint before a loop over the directions: unrolled completely when their number is a constant. */
    static final Macro UNROLL = new Macro("PA_PS_UNROLL");

    private static volatile String text;

    private SupportFile() {
    }

    /** The text of the support file. */
    public static String headerText() {
        String t = text;
        if (t == null) {
            try (InputStream in = SupportFile.class.getResourceAsStream(FILE_NAME)) {
                if (in == null) {
                    throw new IllegalStateException("resource " + FILE_NAME + " missing from the bundle");
                }
                t = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            text = t;
        }
        return t;
    }

    /** A call of a function the support file defines ({@link org.paradjoint.core.ir.CalleeKind#EXTERNAL}). */
    static Call call(String name, Expr... args) {
        return Call.external(name, List.of(args));
    }

    static CallStmt stmt(String name, Expr... args) {
        return new CallStmt(call(name, args));
    }

    /** A constant the support file or the headers it includes define ({@code PA_PS_PHASES}, {@code NULL}). */
    static VarRef symbol(String name) {
        return new VarRef(Variable.scalar(name, BaseType.INT, Variable.Kind.LOCAL));
    }

    static IntLit integer(long v) {
        return new IntLit(v);
    }

    /** A pointer parameter {@code [const] type *name} (a plan is {@link BaseType#PS_PLAN}). */
    static Variable pointerParameter(String name, BaseType type, boolean isConst) {
        return new Variable(name, type, List.of(new Dim(new IntLit(0), null)), Variable.Kind.PARAMETER, isConst,
                org.paradjoint.core.ir.Layout.ROW_MAJOR, null);
    }

    /** A pointer local {@code double *name}. */
    static Variable pointer(String name, BaseType type) {
        return new Variable(name, type, List.of(new Dim(new IntLit(0), null)), Variable.Kind.LOCAL, false,
                org.paradjoint.core.ir.Layout.ROW_MAJOR, null);
    }

    /** A file-scope variable, {@code static}: a pointer ({@code extent} null) or an array of {@code extent}. */
    static Variable fileScope(String name, BaseType type, Expr extent) {
        return new Variable(name, type, List.of(extent == null ? new Dim(new IntLit(0), null) : Dim.c(extent)),
                Variable.Kind.FILE_SCOPE, false, org.paradjoint.core.ir.Layout.ROW_MAJOR, null);
    }

    /** A local array {@code double name[extent]} (a variable-length array when the extent is not constant). */
    static Variable array(String name, BaseType type, Expr extent) {
        return new Variable(name, type, List.of(Dim.c(extent)), Variable.Kind.LOCAL, false,
                org.paradjoint.core.ir.Layout.ROW_MAJOR, null);
    }
}
