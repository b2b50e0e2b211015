package org.paradjoint.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Dispatches {@code paradjoint COMMAND ARGS...} to the sub-commands. */
public final class Paradjoint {

    /** Exit status for wrong usage (as BSD sysexits' EX_USAGE). */
    static final int USAGE = 64;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, Command> commands = new LinkedHashMap<>();

    public Paradjoint(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        register(new DifferentiateCommand());
        register(new CheckCommand());
        register(new AnalyzeCommand());
        register(new ColorCommandAdapter());
        register(new BenchCommand());
    }

    private void register(Command c) {
        commands.put(c.name(), c);
    }

    public int run(String[] args) {
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

    private void printOverview(PrintStream s) {
        s.println("usage: paradjoint COMMAND [OPTIONS] FILE");
        s.println();
        s.println("Differentiates annotated C code (#pragma ad ...) by source transformation.");
        s.println();
        s.println("commands:");
        for (Command c : commands.values()) {
            s.printf("  %-14s %s%n", c.name(), c.summary());
        }
        s.println();
        s.println("'paradjoint COMMAND --help' describes the options of a command.");
    }
}
