package org.paradjoint.cdt.internal;

import java.util.List;
import java.util.Set;

import org.paradjoint.core.annotation.Annotation;
import org.paradjoint.core.diag.SourceRange;

/**
 * A pragma as written, before its names are resolved against the variables in scope. Offsets
 * are character offsets in the file, so that resolution errors point at the name.
 */
final class PragmaSyntax {
    private PragmaSyntax() {
    }

    /** An identifier inside an OpenMP pragma. */
    record Name(String text, int offset) {
    }

    /** One {@code #pragma} of the file with its parsed content. */
    record Site(int offset, int length, SourceRange range, String spelling, Object content) {
        boolean isOmp() {
            return content instanceof Omp;
        }

        boolean isAd() {
            return content instanceof Ad;
        }

        /** A pragma of ours that failed to parse; its error is already reported. */
        boolean isBroken() {
            return content instanceof Broken;
        }

        int end() {
            return offset + length;
        }
    }

    /** The content of a pragma that could not be parsed. */
    record Broken() {
    }

    /**
     * An {@code ad} or ADIC2 annotation, parsed by the annotation grammar; {@code base} is where the
     * parsed text starts in the file (the grammar's offsets are relative to it).
     */
    record Ad(Annotation annotation, int base) {
        /** How the annotation is named in messages, e.g. {@code ad gradient}. */
        String label() {
            return annotation.label();
        }

        /** The file range of a name inside the annotation. */
        int offset(Annotation.Name name) {
            return base + name.offset();
        }
    }

    record Reduction(String op, List<Name> vars) {
    }

    /**
     * An OpenMP directive and its clauses; {@code collapse} 0 when absent, {@code name} the name of
     * a {@code critical} section (null when unnamed), or the form of an {@code atomic}
     * ({@code update}, {@code read}, {@code write} or {@code capture}); null for other directives.
     * {@code ordered}: a loop directive's {@code ordered} clause (its body may hold {@code omp ordered}).
     */
    record Omp(Directive directive, List<Name> privates, List<Name> firstprivates, List<Name> shared,
            List<Reduction> reductions, String schedule, int collapse, String defaultSharing, boolean nowait,
            boolean ordered, String name) {

        static Omp bare(Directive directive, String name) {
            return new Omp(directive, List.of(), List.of(), List.of(), List.of(), null, 0, null, false, false, name);
        }

        /** An {@code atomic read} or {@code atomic write}: one plain access, no increment. */
        boolean isAtomicAccess() {
            return directive == Directive.ATOMIC && ("read".equals(name) || "write".equals(name));
        }

        /** The directives the C front-end reads, each with the clauses it accepts. */
        enum Directive {
            PARALLEL_FOR("parallel for", "private", "firstprivate", "shared", "reduction", "schedule", "collapse",
                    "default", "ordered"),
            PARALLEL("parallel", "private", "firstprivate", "shared", "reduction", "default"),
            PARALLEL_SECTIONS("parallel sections", "private", "firstprivate", "shared", "reduction", "default"),
            FOR("for", "private", "firstprivate", "reduction", "schedule", "collapse", "nowait", "ordered"),
            SECTIONS("sections", "private", "firstprivate", "reduction", "nowait"),
            SECTION("section"),
            SINGLE("single", "nowait"),
            MASTER("master"),
            MASKED("masked"),
            BARRIER("barrier"),
            CRITICAL("critical"),
            ATOMIC("atomic"),
            ORDERED("ordered");

            final String spelling;
            private final List<String> clauses;

            Directive(String spelling, String... clauses) {
                this.spelling = spelling;
                this.clauses = List.of(clauses);
            }

            /** {@code parallel} or {@code parallel sections}: the directive opens a region. */
            boolean opensRegion() {
                return this == PARALLEL || this == PARALLEL_SECTIONS;
            }

            /** {@code parallel for} or {@code for}: the directive sits on a for loop. */
            boolean isLoop() {
                return this == PARALLEL_FOR || this == FOR;
            }

            boolean hasClauses() {
                return !clauses.isEmpty();
            }

            boolean allows(String clause) {
                return clauses.contains(clause);
            }

            String supported() {
                return String.join(", ", clauses);
            }

            /** A directive that stands alone or heads a construct the front-end reads; null otherwise. */
            static Directive named(String word) {
                for (Directive d : values()) {
                    if (d != PARALLEL_FOR && d != PARALLEL_SECTIONS && d.spelling.equals(word)) {
                        return d;
                    }
                }
                return null;
            }

            /**
             * The words that name OpenMP constructs, as opposed to clauses: after {@code parallel}
             * (other than {@code for} and {@code sections}, read above) one makes a combined
             * construct the front-end does not read, and naming an unsupported construct stops at
             * the first word that is none of these.
             */
            private static final Set<String> CONSTRUCT_WORDS = Set.of("parallel", "for", "simd", "loop", "do",
                    "sections", "section", "single", "master", "masked", "critical", "atomic", "barrier", "workshare",
                    "target", "teams", "distribute", "task", "taskloop", "taskwait", "taskgroup", "ordered", "declare",
                    "threadprivate", "flush", "scope", "data", "enter", "exit", "update");

            static boolean isConstructWord(String word) {
                return CONSTRUCT_WORDS.contains(word);
            }
        }
    }
}
