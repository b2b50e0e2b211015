package org.paradjoint.cli;

import java.io.PrintStream;

import org.paradjoint.coloring.cli.ColorCommand;

/** {@code paradjoint color}: the colouring library's own command. */
final class ColorCommandAdapter implements Command {

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        int status = new ColorCommand().run(args, out, err);
        // One exit status for wrong usage across all commands.
        return status == ColorCommand.USAGE_ERROR ? Paradjoint.USAGE : status;
    }
}
