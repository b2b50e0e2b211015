package org.paradjoint.separable.internal;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Variable;

/**
 * Names of the generated functions and file-scope variables of one partially separable
 * function {@code f}: {@code f_ps} (expanded primal), {@code f_grad_ps} (sparse gradient),
 * {@code f_grad_dense} (dense vector forward mode, optional), static helpers and caches.
 */
public record Names(String expanded, String pattern, String sweep, String gradient, String dense, String cache,
        String denseCache, String seconds, String denseSeconds) {

    public static Names of(String f, NameSupply names) {
        String grad = names.fresh(f + "_grad_ps");
        String dense = names.fresh(f + "_grad_dense");
        for (String driver : new String[] {grad, dense}) {
            names.reserve(timings(driver));
            names.reserve(release(driver));
            names.reserve(plan(driver));
        }
        return new Names(names.fresh(f + "_ps"), names.fresh(f + "_ps_pattern"), names.fresh(f + "_ps_sweep"), grad,
                dense, names.fresh(grad + "_cache"), names.fresh(dense + "_cache"), names.fresh(grad + "_seconds"),
                names.fresh(dense + "_seconds"));
    }

    /** {@code driver_timings(double *seconds)}: the seconds per phase since the last call. */
    public static String timings(String driver) {
        return driver + "_timings";
    }

    /** {@code driver_release(void)}: frees the cached plan. */
    public static String release(String driver) {
        return driver + "_release";
    }

    /** {@code driver_plan(void)}: the cached plan (pattern and colours). */
    public static String plan(String driver) {
        return driver + "_plan";
    }

    static Variable local(String name, BaseType type) {
        return Variable.scalar(name, type, Variable.Kind.LOCAL);
    }
}
