package org.paradjoint.core.check;

import org.paradjoint.core.check.CheckResolution.Kind;
import org.paradjoint.core.ir.Variable;

/**
 * One primal parameter as every check driver sees it, whatever its language: its kind, how an
 * index array is filled, its derivative parameters in the tangent and the adjoint (or null) and
 * its role. The C and Fortran plans add how the language sizes the array.
 */
public interface DriverParam {

    Variable var();

    Kind kind();

    /** How an integer array is filled; null for the other kinds. */
    IndexFill fill();

    Variable tangent();

    Variable adjoint();

    boolean independent();

    boolean dependent();

    default String name() {
        return var().name();
    }
}
