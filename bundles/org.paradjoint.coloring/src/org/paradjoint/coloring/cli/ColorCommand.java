package org.paradjoint.coloring.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

import org.paradjoint.coloring.BicoloringResult;
import org.paradjoint.coloring.Coloring;
import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringProblem;
import org.paradjoint.coloring.ColoringResult;
import org.paradjoint.coloring.DynamicLargestFirst;
import org.paradjoint.coloring.IncidenceDegree;
import org.paradjoint.coloring.LargestFirst;
import org.paradjoint.coloring.NaturalOrder;
import org.paradjoint.coloring.Ordering;
import org.paradjoint.coloring.PartitionAdvice;
import org.paradjoint.coloring.RandomOrder;
import org.paradjoint.coloring.SmallestLast;
import org.paradjoint.coloring.SparsityPattern;
import org.paradjoint.coloring.io.MatrixMarketReader;

/**
 * {@code paradjoint color FILE.mtx [options]}: colours the sparsity pattern of a Matrix Market file and
 * reports the colour count against a lower bound, with timings.
 *
 * <p>{@link #run} receives the arguments after the subcommand name ({@code color}). It never calls
 * {@code System.exit} and writes only to the given streams, so the headless application and the tests can
 * call it directly. This is the only place where names of problems and orderings are parsed: the library
 * itself takes typed values.
 *
 * <p>Default ordering is smallest-last: on the matrices measured (grids, random, banded) it is never worse
 * than natural by more than a colour and often much better (5 instead of 7 on 2D Laplacians), for a
 * linear-time cost.
 *
 * <p>Return codes: 0 success, 1 unreadable or unsuitable input (missing file, malformed Matrix Market,
 * unsymmetric matrix for a symmetric problem), 2 wrong usage.
 */
public final class ColorCommand {

    public static final int OK = 0;
    public static final int INPUT_ERROR = 1;
    public static final int USAGE_ERROR = 2;

    private static final String ORDERS =
            "natural|random|largest-first|smallest-last|incidence-degree|dynamic-largest-first";
    private static final String PROBLEMS = "column|row|bicolor|star|acyclic|d1";
    /** The bidirectional partition: it has its own entry point and result, so no {@link ColoringProblem}. */
    private static final String BICOLOR = "bicolor";

    public static final String USAGE = """
            Usage: paradjoint color FILE.mtx [--problem %s]
                                   [--order %s]
                                   [--seed N] [--improve N] [--json]
                   paradjoint color --help

            Colours the sparsity pattern of a Matrix Market coordinate file (general or symmetric;
            pattern, real or integer) for sparse derivative computation.

              --problem P   column  structurally orthogonal column groups of a Jacobian (default)
                            row     structurally orthogonal row groups of a Jacobian
                            bicolor star bicolouring of a Jacobian: row groups and column groups together
                                    (reverse and forward products, direct recovery; 0 = neutral colour)
                            star    star colouring of a symmetric Hessian (direct recovery)
                            acyclic acyclic colouring of a symmetric Hessian (recovery by substitution)
                            d1      distance-1 colouring of the adjacency graph of a symmetric matrix
              --order O     vertex ordering of the greedy pass (default smallest-last)
              --seed N      seed of the random ordering and of the recolouring (default 0)
              --improve N   iterated-greedy recolouring rounds; never increases the colour count (default 0)
              --json        end the output with one line holding a JSON object with keys rows, cols, nnz,
                            colors, lower_bound, order_ms, color_ms, problem, order, improve; for
                            bicolor: rows, cols, nnz, colors, row_colors, column_colors, column_only,
                            row_only, color_ms, problem, order
              --help        show this text

            The lower bound is the largest number of nonzeros in a row (column), in a column (row), and
            only the trivial 2 for the symmetric problems (distance-1, star, acyclic), whose optimum can
            be far below what a column partition needs. For bicolor the tool
            prints the one-sided colour counts in the same order instead, and --improve is not supported.
            """.formatted(PROBLEMS, ORDERS);

    /** Parsed command line; {@code problem} is null for {@code bicolor}. */
    private record Options(Path file, String problemName, ColoringProblem problem, String orderName,
            Ordering ordering, long seed, int improve, boolean json) {
    }

    /** Runs the command; see the class comment for the return codes. */
    public int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (UsageException e) {
            err.println("paradjoint color: " + e.getMessage());
            err.println("Try 'paradjoint color --help'.");
            return USAGE_ERROR;
        }
        if (o == null) {
            out.print(USAGE);
            return OK;
        }
        SparsityPattern pattern;
        try {
            if (!Files.exists(o.file())) {
                throw new NoSuchFileException(o.file().toString());
            }
            pattern = MatrixMarketReader.read(o.file()).pattern();
        } catch (NoSuchFileException e) {
            err.println("paradjoint color: no such file: " + o.file());
            return INPUT_ERROR;
        } catch (IOException e) {
            err.println("paradjoint color: " + o.file() + ": " + e.getMessage());
            return INPUT_ERROR;
        }
        if (o.problem() == null) {
            reportBicoloring(o, pattern, out);
            return OK;
        }
        if (o.problem().structure() == org.paradjoint.coloring.Structure.SYMMETRIC
                && !pattern.isStructurallySymmetric()) {
            err.println("paradjoint color: problem '" + o.problemName()
                    + "' needs a structurally symmetric matrix, but " + o.file() + " is not"
                    + (pattern.isSquare() ? "" : " even square (" + pattern.rows() + " x " + pattern.cols() + ")"));
            return INPUT_ERROR;
        }
        ColoringAlgorithm algorithm = ColoringAlgorithm.greedy(o.ordering())
                .improve(o.improve()).withSeed(o.seed());
        ColoringResult r = Coloring.color(pattern, o.problem(), algorithm);
        int lowerBound = r.lowerBound();
        printHeader(out, o, pattern, "lower bound: ".length());
        if (o.improve() > 0) {
            out.println("colors:      " + r.colorCount() + " (greedy pass: " + r.greedyColorCount() + ", after "
                    + o.improve() + " improvement rounds)");
        } else {
            out.println("colors:      " + r.colorCount());
        }
        out.println("lower bound: " + lowerBound);
        out.println("order time:  " + ms(r.orderMillis()) + " ms");
        out.println("color time:  " + ms(r.colorMillis()) + " ms");
        if (o.json()) {
            out.println("{\"rows\":" + pattern.rows() + ",\"cols\":" + pattern.cols() + ",\"nnz\":" + pattern.nnz()
                    + ",\"colors\":" + r.colorCount() + ",\"lower_bound\":" + lowerBound + ",\"order_ms\":"
                    + ms(r.orderMillis()) + ",\"color_ms\":" + ms(r.colorMillis()) + ",\"problem\":\""
                    + o.problemName() + "\",\"order\":\"" + o.orderName() + "\",\"improve\":" + o.improve() + "}");
        }
        return OK;
    }

    /** Row, column and total colours of a star bicolouring, next to the one-sided counts it competes with. */
    private static void reportBicoloring(Options o, SparsityPattern pattern, PrintStream out) {
        PartitionAdvice a = PartitionAdvice.of(pattern, ColoringAlgorithm.greedy(o.ordering()).withSeed(o.seed()));
        BicoloringResult r = a.bicoloring();
        printHeader(out, o, pattern, "column colors: ".length());
        out.println("row colors:    " + r.rowColorCount());
        out.println("column colors: " + r.columnColorCount());
        out.println("colors:        " + r.colorCount() + " (forward + reverse products)");
        out.println("one-sided:     column " + a.columnColors() + ", row " + a.rowColors());
        out.println("color time:    " + ms(r.colorMillis()) + " ms");
        if (o.json()) {
            out.println("{\"rows\":" + pattern.rows() + ",\"cols\":" + pattern.cols() + ",\"nnz\":" + pattern.nnz()
                    + ",\"colors\":" + r.colorCount() + ",\"row_colors\":" + r.rowColorCount()
                    + ",\"column_colors\":" + r.columnColorCount() + ",\"column_only\":" + a.columnColors()
                    + ",\"row_only\":" + a.rowColors() + ",\"color_ms\":" + ms(r.colorMillis())
                    + ",\"problem\":\"" + o.problemName() + "\",\"order\":\"" + o.orderName() + "\"}");
        }
    }

    /** The lines every report starts with, labels padded to {@code width} so that the values line up. */
    private static void printHeader(PrintStream out, Options o, SparsityPattern pattern, int width) {
        String format = "%-" + width + "s%s%n";
        out.printf(Locale.ROOT, format, "file:", o.file());
        out.printf(Locale.ROOT, format, "rows:", pattern.rows());
        out.printf(Locale.ROOT, format, "columns:", pattern.cols());
        out.printf(Locale.ROOT, format, "nonzeros:", pattern.nnz());
        out.printf(Locale.ROOT, format, "problem:", o.problemName());
        out.printf(Locale.ROOT, format, "order:", o.orderName());
    }

    private static String ms(double millis) {
        return String.format(Locale.ROOT, "%.3f", millis);
    }

    /** Thrown for wrong usage; the message says what is wrong. */
    private static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** @return the options, or null if help was requested */
    private static Options parse(String[] args) throws UsageException {
        Path file = null;
        String problemName = "column";
        String orderName = "smallest-last";
        long seed = 0;
        int improve = 0;
        boolean json = false;
        for (int a = 0; a < args.length; a++) {
            String arg = args[a];
            String value = null;
            String name = arg;
            if (arg.startsWith("--") && arg.contains("=")) {
                name = arg.substring(0, arg.indexOf('='));
                value = arg.substring(arg.indexOf('=') + 1);
            }
            switch (name) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--json" -> {
                    if (value != null) {
                        throw new UsageException("--json takes no value");
                    }
                    json = true;
                }
                case "--problem", "--order", "--seed", "--improve" -> {
                    if (value == null) {
                        if (a + 1 >= args.length) {
                            throw new UsageException(name + " needs a value");
                        }
                        value = args[++a];
                    }
                    switch (name) {
                        case "--problem" -> {
                            problem(value); // validate now
                            problemName = value;
                        }
                        case "--order" -> {
                            ordering(value, 0); // validate now
                            orderName = value;
                        }
                        case "--seed" -> seed = parseLong(value, "--seed");
                        default -> {
                            long n = parseLong(value, "--improve");
                            if (n < 0 || n > 1_000_000) {
                                throw new UsageException("--improve must be between 0 and 1000000, got " + value);
                            }
                            improve = (int) n;
                        }
                    }
                }
                default -> {
                    if (arg.startsWith("-")) {
                        throw new UsageException("unknown option '" + arg + "'");
                    }
                    if (file != null) {
                        throw new UsageException("only one file can be coloured, got '" + file + "' and '" + arg
                                + "'");
                    }
                    file = Path.of(arg);
                }
            }
        }
        if (file == null) {
            throw new UsageException("missing FILE.mtx");
        }
        if (problemName.equals(BICOLOR) && improve > 0) {
            throw new UsageException("--improve is not supported with --problem " + BICOLOR);
        }
        return new Options(file, problemName, problem(problemName), orderName, ordering(orderName, seed), seed,
                improve, json);
    }

    private static long parseLong(String s, String option) throws UsageException {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs an integer, got '" + s + "'");
        }
    }

    private static ColoringProblem problem(String name) throws UsageException {
        return switch (name) {
            case "column" -> ColoringProblem.COLUMN;
            case "row" -> ColoringProblem.ROW;
            case BICOLOR -> null;
            case "star" -> ColoringProblem.STAR;
            case "acyclic" -> ColoringProblem.ACYCLIC;
            case "d1" -> ColoringProblem.DISTANCE_1;
            default -> throw new UsageException("unknown problem '" + name + "', expected " + PROBLEMS);
        };
    }

    private static Ordering ordering(String name, long seed) throws UsageException {
        return switch (name) {
            case "natural" -> new NaturalOrder();
            case "random" -> new RandomOrder(seed);
            case "largest-first" -> new LargestFirst();
            case "smallest-last" -> new SmallestLast();
            case "incidence-degree" -> new IncidenceDegree();
            case "dynamic-largest-first" -> new DynamicLargestFirst();
            default -> throw new UsageException("unknown order '" + name + "', expected " + ORDERS);
        };
    }
}
