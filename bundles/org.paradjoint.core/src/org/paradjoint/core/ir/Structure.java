package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.lang.runtime.ObjectMethods;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

import org.paradjoint.core.diag.SourceRange;

/**
 * Equality of IR nodes by structure: every record component except the source range. Two nodes
 * are equal when they say the same thing, wherever each was written or made, so a transformation
 * can merge {@code xb[i] += a} and {@code xb[i] += b} from two statements, and a map keyed by
 * expressions finds a copy; {@link SourceRange} itself has real equality. Built by the same
 * bootstrap that gives records their own {@code equals} and {@code hashCode}, over the
 * components that are not a range, so no component can be forgotten when a record changes. A
 * node class keeps its instance in a static final field and delegates both methods to it.
 */
record Structure(MethodHandle equality, MethodHandle hash) {

    static Structure of(MethodHandles.Lookup lookup, Class<? extends Record> type) {
        List<MethodHandle> getters = new ArrayList<>();
        StringJoiner names = new StringJoiner(";");
        try {
            for (RecordComponent c : type.getRecordComponents()) {
                if (c.getType() != SourceRange.class) {
                    getters.add(lookup.unreflect(c.getAccessor()));
                    names.add(c.getName());
                }
            }
            MethodHandle[] gs = getters.toArray(MethodHandle[]::new);
            MethodHandle eq = (MethodHandle) ObjectMethods.bootstrap(lookup, "equals", MethodHandle.class, type,
                    names.toString(), gs);
            MethodHandle h = (MethodHandle) ObjectMethods.bootstrap(lookup, "hashCode", MethodHandle.class, type,
                    names.toString(), gs);
            return new Structure(eq.asType(MethodType.methodType(boolean.class, Record.class, Object.class)),
                    h.asType(MethodType.methodType(int.class, Record.class)));
        } catch (Throwable e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    boolean equal(Record self, Object other) {
        try {
            return (boolean) equality.invokeExact(self, other);
        } catch (RuntimeException | Error e) { // a deep expression's StackOverflowError stays one
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    int hash(Record self) {
        try {
            return (int) hash.invokeExact(self);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
