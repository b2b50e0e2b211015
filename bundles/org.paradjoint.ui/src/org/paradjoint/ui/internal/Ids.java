package org.paradjoint.ui.internal;

/** Ids shared by plugin.xml and code. */
public final class Ids {

    public static final String PLUGIN = "org.paradjoint.ui";
    public static final String PROBLEM_MARKER = PLUGIN + ".problem";
    public static final String UNSAFE_INCREMENT_MARKER = PLUGIN + ".unsafeIncrement";
    public static final String MENU = PLUGIN + ".menu";
    public static final String COMMAND_PREFIX = PLUGIN + ".differentiate.";
    public static final String ANNOTATE_COMMAND = PLUGIN + ".annotate";
    public static final String TIMING_VIEW = PLUGIN + ".timingChart";

    private Ids() {
    }
}
