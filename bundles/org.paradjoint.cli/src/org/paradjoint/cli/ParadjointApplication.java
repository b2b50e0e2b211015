package org.paradjoint.cli;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/**
 * The headless application behind the {@code paradjoint} script. All logic lives in
 * {@link Paradjoint} so that it can be tested without starting an application.
 */
public final class ParadjointApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        int status;
        try {
            status = new Paradjoint(System.out, System.err).run(args == null ? new String[0] : args);
        } catch (RuntimeException e) {
            // Equinox exits 0 when start() throws: report and return the status ourselves.
            System.err.println("paradjoint: internal error: " + e);
            e.printStackTrace(System.err);
            status = 70;
        }
        System.out.flush();
        System.err.flush();
        return Integer.valueOf(status);
    }

    @Override
    public void stop() {
        // Commands run to completion; nothing to interrupt.
    }
}
