package org.paradjoint.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.SourceLanguage;
import org.paradjoint.pipeline.Workers;

/** Dispatches {@code paradjoint COMMAND ARGS...} to the sub-commands. */
public final class Paradjoint {

    /** Exit status for wrong usage (as BSD sysexits' EX_USAGE). */
    static final int USAGE = 64;
    /** Exit status for an internal failure (as BSD sysexits' EX_SOFTWARE). */
    static final int SOFTWARE = 70;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final Map<String, String> summaries = new LinkedHashMap<>();

    public Paradjoint(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        register("differentiate", "write the adjoint (FILE_b.c) or tangent (FILE_d.c) of annotated functions",
                new DifferentiateCommand());
        register("check", "write (and with --run, run) a dot-product and finite-difference test of NAME",
                new CheckCommand());
        register("analyze", "prove which adjoint increments of parallel loops are race-free, and explain the others",
                new AnalyzeCommand());
        register("color", "colour the sparsity pattern of a Matrix Market file (Jacobian/Hessian compression)",
                new ColorCommandAdapter());
        register("bench", "time the primal against its derivative variants over sizes and thread counts (CSV)",
                new BenchCommand());
    }

    /** {@code summary}: one line for the overview of {@code paradjoint --help}. */
    private void register(String name, String summary, Command c) {
        commands.put(name, c);
        summaries.put(name, summary);
    }

    /**
     * Runs one command. Nothing fails silently: an exception or error inside a command (a bug, or
     * input nested deeper than the parser's recursion allows) is reported with a hint and exit
     * status {@value #SOFTWARE}, never swallowed with status 0.
     */
    public int run(String[] args) {
        try {
            return onLargeStack(() -> dispatch(args));
        } catch (StackOverflowError e) {
            err.println("paradjoint: error: the input nests too deeply to be processed (an expression of thousands "
                    + "of terms or deeply nested parentheses); nothing was written. Split the expression into "
                    + "several statements.");
            return SOFTWARE;
        } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
            err.println("paradjoint: internal error: " + e + "; nothing was written. Please report it with the input.");
            return SOFTWARE;
        }
    }

    /** Runs {@code command} on a thread with a deep stack (see {@link Workers}); its failure is rethrown here. */
    private static int onLargeStack(IntSupplier command) {
        return Workers.map(List.of(command), IntSupplier::getAsInt).get(0);
    }

    private int dispatch(String[] args) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            if (args.length > 1 && commands.containsKey(args[1])) {
                return commands.get(args[1]).run(new String[] {"--help"}, out, err);
            }
            printOverview(args.length == 0 ? err : out);
            return args.length == 0 ? USAGE : 0;
        }
        if (args[0].equals("--version")) {
            out.println("paradjoint " + Version.get());
            return 0;
        }
        Command c = commands.get(args[0]);
        if (c == null) {
            err.println("paradjoint: unknown command '" + args[0] + "'");
            printOverview(err);
            return USAGE;
        }
        return c.run(Arrays.copyOfRange(args, 1, args.length), out, err);
    }

    /** The registered commands in the order the overview lists them. */
    List<String> commandNames() {
        return List.copyOf(commands.keySet());
    }

    /**
     * The overview of {@code paradjoint --help}: every language of the pipeline's registry (with
     * its extensions and how its annotations begin) and every registered command, so that adding
     * either never leaves the overview behind.
     */
    private void printOverview(PrintStream s) {
        s.println("usage: paradjoint COMMAND [OPTIONS] FILE");
        s.println("       paradjoint --help | --version | help COMMAND");
        s.println();
        s.println("Differentiates annotated code by source transformation.");
        s.println();
        s.println("languages (by the file's extension):");
        for (SourceLanguage l : Languages.all()) {
            s.printf("  %-14s %-22s annotations: %s%n", l.displayName(), String.join(" ", l.extensions()),
                    l.dialect().annotation("..."));
        }
        s.println();
        s.println("commands:");
        for (Map.Entry<String, String> c : summaries.entrySet()) {
            s.printf("  %-14s %s%n", c.getKey(), c.getValue());
        }
        s.println();
        s.println("'paradjoint COMMAND --help' describes the options of a command.");
    }
}
