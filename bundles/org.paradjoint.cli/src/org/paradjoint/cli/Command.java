package org.paradjoint.cli;

import java.io.PrintStream;

/**
 * One sub-command of {@code paradjoint}. Returns the process exit status. Names and one-line
 * summaries are in {@link Paradjoint}'s table.
 */
@FunctionalInterface
interface Command {

    int run(String[] args, PrintStream out, PrintStream err);
}
