package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.check.StructEntry;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * The call a timing driver times, the same for C and Fortran: the variant's name and its
 * arguments, each parameter of the primal followed by its derivative where the variant takes one.
 * An adjoint of a function that returns a dependent takes the seed of the result last. Each driver
 * sizes and fills the arguments in its own language.
 */
record TimedCall(String name, List<Arg> args) {

    /**
     * The environment variable that tells every driver how many calls make one measurement: the
     * runner sets it, and a driver run by hand without it times single calls.
     */
    static final String CALLS_VARIABLE = "PARADJOINT_CALLS_PER_MEASUREMENT";

    /**
     * One argument: {@code var} is what is passed, {@code primal} the kernel's parameter it belongs
     * to (itself, or the parameter whose derivative it is), which gives an array its extent.
     */
    record Arg(Variable var, Variable primal) {
        /** The driver's variable that holds the argument. */
        String source() {
            return "arg_" + var.name();
        }

        /** True when the argument is an array sized as its primal parameter (not an array's scalar derivative). */
        boolean sizedByPrimal() {
            return var.isArray() && primal.isArray();
        }
    }

    TimedCall {
        args = List.copyOf(args);
    }

    /** The call of {@code signature}'s variant of {@code kernel}, or of the primal itself when it is null. */
    static TimedCall of(Function kernel, DerivativeSignature signature) {
        List<Arg> args = new ArrayList<>();
        for (Variable p : kernel.params()) {
            args.add(new Arg(p, p));
            if (signature != null) {
                signature.params().stream().filter(x -> x.primal().equals(p)).findFirst()
                        .filter(DerivativeSignature.Param::isActive)
                        .ifPresent(sp -> args.add(new Arg(sp.derivative(), p)));
            }
        }
        if (signature != null && signature.returnedSeed() != null) {
            // the seed of a returned dependent is the adjoint's last parameter, by value
            args.add(new Arg(signature.returnedSeed(), signature.returnedSeed()));
        }
        if (!kernel.structs().isEmpty()) {
            // the members are the driver's own arrays and scalars: the flattened forms take them
            return new TimedCall(signature == null ? primalEntry(kernel) : StructParameter.flattenedName(
                    signature.derivedName()), args);
        }
        return new TimedCall(signature == null ? kernel.name() : signature.derivedName(), args);
    }

    /**
     * The function a driver calls for a primal taking structs: it builds the structs from the
     * members ({@link StructEntry}), compiled with the user's file ({@link #primalEntrySource}).
     */
    static String primalEntry(Function kernel) {
        return "pa_time_primal_" + kernel.name();
    }

    /** The source that defines {@link #primalEntry} with the user's file {@code source} included. */
    static String primalEntrySource(Function kernel, String source) {
        return "/* The kernel's file with an entry point that takes its structs' members. */\n"
                + "#define main pa_user_main\n#include \"" + source + "\"\n#undef main\n\n"
                + StructEntry.function(kernel, primalEntry(kernel));
    }
}
