package org.paradjoint.pipeline.timing;

/** Receives the output of a timing experiment as it happens (commands, program output, progress). */
@FunctionalInterface
public interface TimingListener {

    /** One line of output, without its line break. */
    void line(String text);

    /** Called when a step of {@code total} steps starts; {@code label} says which. */
    default void step(int done, int total, String label) {
    }

    TimingListener SILENT = text -> { };
}
