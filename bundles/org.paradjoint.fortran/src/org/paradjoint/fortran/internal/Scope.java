package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Variable;

/**
 * The names visible in one procedure: its variables, its named constants, and those of the
 * modules it sits in or uses. Names are lower case (Fortran is case-insensitive).
 */
public final class Scope {

    public enum Intent {
        NONE, IN, OUT, INOUT
    }

    public sealed interface Symbol permits Var, Constant, ModuleVariable, Lock, MpiObject {
    }

    /** A variable; {@code logical} marks Fortran {@code logical} (an integer 0/1 in the IR). */
    public record Var(Variable variable, boolean logical, Intent intent) implements Symbol {
    }

    /** A named constant ({@code parameter}): references are replaced by its value. */
    public record Constant(Expr value, TypeClass type) implements Symbol {
    }

    /** A variable declared in a module's specification part: not mapped (global state). */
    public record ModuleVariable(String module) implements Symbol {
    }

    /** An OpenMP lock ({@code integer(omp_lock_kind)}): only the lock routines name it (see {@link LockRoutines}). */
    public record Lock() implements Symbol {
    }

    /**
     * A status or request of MPI ({@code integer :: st(MPI_STATUS_SIZE)}, {@code type(MPI_Status)},
     * {@code type(MPI_Request)}): only MPI calls name it ({@link MpiCalls}), and the derivative code
     * has statuses and requests of its own, so it is never a variable of the IR.
     */
    public record MpiObject(String what) implements Symbol {
    }

    /** Which MPI interface a procedure uses: {@code use mpi} (integer handles) or {@code use mpi_f08}. */
    public enum MpiInterface {
        MPI, MPI_F08
    }

    private final UnitIndex unit;
    private MpiInterface mpi;
    private final Map<String, Symbol> symbols = new LinkedHashMap<>();
    private final List<String> visibleModules = new ArrayList<>();

    public Scope(UnitIndex unit) {
        this.unit = unit;
    }

    public UnitIndex unit() {
        return unit;
    }

    void seeModule(String module) {
        if (!visibleModules.contains(module)) {
            visibleModules.add(module);
        }
    }

    void useMpi(MpiInterface m) {
        mpi = m;
    }

    /** The MPI interface the procedure uses, or null when it uses none (then no MPI call is read). */
    public MpiInterface mpi() {
        return mpi;
    }

    void define(String name, Symbol s) {
        symbols.put(name, s);
    }

    boolean definesLocally(String name) {
        return symbols.containsKey(name);
    }

    public Symbol lookup(String name) {
        Symbol s = symbols.get(name);
        if (s != null) {
            return s;
        }
        for (String m : visibleModules) {
            s = unit.moduleSymbols(m).get(name);
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    public Var variable(String name) {
        return lookup(name) instanceof Var v ? v : null;
    }

    public boolean isLogical(Variable v) {
        return symbols.get(v.name()) instanceof Var x && x.logical();
    }
}
