package org.paradjoint.cli;

import java.io.PrintStream;

/** One sub-command of {@code paradjoint}. Returns the process exit status. */
interface Command {

    String name();

    /** One line for the overview of {@code paradjoint --help}. */
    String summary();

    int run(String[] args, PrintStream out, PrintStream err);
}
