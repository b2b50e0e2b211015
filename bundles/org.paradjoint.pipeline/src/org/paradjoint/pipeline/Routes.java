package org.paradjoint.pipeline;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.stencil.StencilDifferentiator;

/**
 * The route table: which transformation differentiates an annotated function. This is the one
 * place that decides it; the command line, the workbench (menus, validation, quick-fixes) and
 * timing runs all ask here, so a file means the same thing wherever it is opened.
 *
 * <pre>
 * mode     annotation of the function            settings                          transform
 * tangent  gradient, tangent or stencil          -                                 TANGENT
 * reverse  stencil adjoint                       no variable override,             ADJOINT_STENCIL
 *                                                not asked for the conventional one
 * reverse  gradient or stencil (otherwise)       race strategy all-atomic          ALL_ATOMIC_ADJOINT
 * reverse  gradient or stencil (otherwise)       race strategy atomic / reduction  RACE_AWARE_ADJOINT
 * </pre>
 *
 * (Partially separable gradients are their own generator: they do not depend on the mode.)
 */
public final class Routes {

    /** The transformations of the table. */
    public enum Transform {
        /** Forward mode ({@code f_d}). */
        TANGENT,
        /** Reverse mode whose parallel increments the race analysis proves or protects ({@code f_b}). */
        RACE_AWARE_ADJOINT,
        /** Reverse mode with every increment of a shared adjoint atomic: the baseline ({@code f_b}). */
        ALL_ATOMIC_ADJOINT,
        /** The adjoint stencil: race-free gathers ({@code f_b}). */
        ADJOINT_STENCIL
    }

    private Routes() {
    }

    /** True when {@code f} asks for derivatives (a {@code gradient}, {@code tangent} or {@code stencil} pragma). */
    public static boolean isAnnotated(Function f) {
        return Differentiator.isAnnotated(f);
    }

    /** The transformation that differentiates {@code f} in {@code mode}. */
    public static Transform of(Function f, Mode mode, GenerationSettings settings) {
        if (mode == Mode.TANGENT) {
            return Transform.TANGENT;
        }
        if (StencilDifferentiator.isStencil(f) && !settings.overridesVariables() && !settings.conventionalAdjoint()) {
            return Transform.ADJOINT_STENCIL;
        }
        return settings.raceStrategy() == RaceStrategy.ALL_ATOMIC ? Transform.ALL_ATOMIC_ADJOINT
                : Transform.RACE_AWARE_ADJOINT;
    }
}
