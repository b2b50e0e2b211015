package org.paradjoint.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.pipeline.timing.TimingConfig;
import org.paradjoint.pipeline.timing.TimingException;
import org.paradjoint.pipeline.timing.TimingResult;
import org.paradjoint.pipeline.timing.TimingRow;
import org.paradjoint.pipeline.timing.TimingRunner;
import org.paradjoint.pipeline.timing.Variants;

/** {@code paradjoint bench FILE --kernel NAME --sizes N,... [--threads T,...] ...}: the timing runner of the workbench. */
final class BenchCommand implements Command {

    static final String HELP = """
            usage: paradjoint bench FILE --kernel NAME --sizes N[,N...] [--threads T[,T...]]
                                    [--ranks R[,R...]] [--variants V[,V...]] [--repetitions R] [--size-parameter P]
                                    [--set NAME=VALUE,...] [--cc CC] [--fc FC] [--flags "FLAGS"]
                                    [--env "NAME=VALUE ..."] [--csv OUT.csv] [--work-dir DIR]
                                    [-I DIR]... [-D NAME[=VALUE]]...

            Times the primal kernel NAME of FILE (C, Fortran .f90, or Kokkos C++ .cpp) against its
            derivative variants: for every problem size and variant it generates the variant and a
            timing driver in the language of FILE, compiles them (C with --cc, Fortran with --fc,
            Kokkos C++ with $PARADJOINT_KOKKOS_CXX, default g++, against the Kokkos of
            $PARADJOINT_KOKKOS_CXXFLAGS and $PARADJOINT_KOKKOS_LIBS), and runs the executable once
            per thread count with OMP_NUM_THREADS set; a C or Fortran kernel that communicates with
            MPI (a communicator parameter or an MPI call) is built with mpicc or mpif90 and run with
            mpirun once per rank count, every rank with its own data and the slowest rank's time
            reported. Every
            command is printed. Each measurement times as many calls as last at least 50 ms
            together; a size whose calls last under 100 us is warned about (thread start-up and
            the clock then cost as much as the work). Writes one CSV row per variant, size, rank
            and thread count (default FILE_timing.csv) with the minimum, median and maximum time
            of a call over the measurements.

            options:
              --kernel NAME          the function to time
              --sizes N,...          values of the integer parameters (or of --size-parameter)
              --threads T,...        thread counts (default 1,2)
              --ranks R,...          MPI process counts of a kernel that communicates (default 1),
                                     each run with every thread count
              --variants V,...       default: all that apply to the kernel; known:
                                     %s
              --repetitions R        measurements per run after one untimed call (default 5)
              --size-parameter P     the integer parameter the sizes set (default: all of them)
              --set NAME=VALUE,...   other integer parameters, and lengths of arrays whose indices
                                     cannot be bounded
              --cc CC                C compiler (default gcc); -fopenmp is always added
              --fc FC                Fortran compiler (default gfortran)
              --flags "FLAGS"        flags of either compiler (default -O2)
              --env "NAME=VALUE ..." environment of every run (default OMP_WAIT_POLICY=passive)
              --csv OUT.csv          where to write the CSV
              --work-dir DIR         where generated sources and executables go
            %s
            """;

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        TimingConfig config;
        try {
            config = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("paradjoint bench: " + e.getMessage());
            err.println("(see paradjoint bench --help)");
            return Paradjoint.USAGE;
        }
        if (config == null) {
            out.print(HELP.formatted(String.join(", ", Variants.all().stream().map(Variants.Variant::id).toList()),
                    PreprocessorOptions.HELP.stripTrailing()));
            return 0;
        }
        try {
            TimingResult r = new TimingRunner(out::println).run(config, null);
            out.println();
            boolean ranks = r.rows().stream().anyMatch(row -> row.ranks() > 1);
            out.printf("%-20s %9s " + (ranks ? "%5s " : "%s") + "%7s %7s %12s %12s %12s %9s%n", "variant", "size",
                    ranks ? "ranks" : "", "threads", "calls", "min", "median", "max", "speed-up");
            for (TimingRow row : r.rows()) {
                out.printf("%-20s %9d " + (ranks ? "%5d " : "%s") + "%7d %7d %12s %12s %12s %9.2f%n", row.variant(),
                        row.size(), ranks ? row.ranks() : "", row.threads(), row.callsPerMeasurement(),
                        duration(row.minSeconds()), duration(row.medianSeconds()), duration(row.maxSeconds()),
                        row.speedup());
            }
            // repeated where they cannot scroll away in the run's output
            r.warnings().forEach(err::println);
            return 0;
        } catch (TimingException e) {
            err.println(e.getMessage());
            return 1;
        }
    }

    /** Three significant digits in s, ms or us: the table spans microseconds to seconds. */
    static String duration(double seconds) {
        if (seconds >= 1) {
            return String.format(java.util.Locale.ROOT, "%.3g s", seconds);
        }
        if (seconds >= 1e-3) {
            return String.format(java.util.Locale.ROOT, "%.3g ms", seconds * 1e3);
        }
        return String.format(java.util.Locale.ROOT, "%.3g us", seconds * 1e6);
    }

    /** The configuration, or null for --help. */
    private static TimingConfig parse(String[] args) {
        String file = null;
        String kernel = null;
        List<Long> sizes = null;
        List<Integer> threads = List.of(1, 2);
        List<Integer> ranks = List.of();
        List<String> variants = List.of();
        int reps = 5;
        String sizeParameter = null;
        String set = "";
        String cc = "gcc";
        String fc = TimingConfig.DEFAULT_FORTRAN_COMPILER;
        String flags = null;
        String env = null;
        String csv = null;
        String workDir = null;
        PreprocessorOptions preprocessor = new PreprocessorOptions();
        for (int k = 0; k < args.length; k++) {
            String a = args[k];
            if (PreprocessorOptions.isOption(a)) {
                k = preprocessor.take(args, k);
                continue;
            }
            switch (a) {
                case "-h", "--help" -> {
                    return null;
                }
                case "--kernel" -> kernel = value(args, ++k, a);
                case "--sizes" -> sizes = TimingConfig.parseLongs(value(args, ++k, a));
                case "--threads" -> threads = TimingConfig.parseLongs(value(args, ++k, a)).stream()
                        .map(Long::intValue).toList();
                case "--ranks" -> ranks = TimingConfig.parseLongs(value(args, ++k, a)).stream()
                        .map(Long::intValue).toList();
                case "--variants" -> variants = List.of(value(args, ++k, a).split(","));
                case "--repetitions" -> reps = OptionValues.count(value(args, ++k, a), a);
                case "--size-parameter" -> sizeParameter = value(args, ++k, a);
                case "--set" -> set = value(args, ++k, a);
                case "--cc" -> cc = value(args, ++k, a);
                case "--fc" -> fc = value(args, ++k, a);
                case "--flags" -> flags = value(args, ++k, a);
                case "--env" -> env = value(args, ++k, a);
                case "--csv" -> csv = value(args, ++k, a);
                case "--work-dir" -> workDir = value(args, ++k, a);
                default -> {
                    if (a.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option '" + a + "'");
                    }
                    if (file != null) {
                        throw new IllegalArgumentException("more than one FILE: '" + file + "' and '" + a + "'");
                    }
                    file = a;
                }
            }
        }
        if (file == null || kernel == null || sizes == null) {
            throw new IllegalArgumentException("FILE, --kernel and --sizes are required");
        }
        if (csv != null && SourceFiles.sameFile(file, Path.of(csv))) {
            throw new IllegalArgumentException("refusing to overwrite the source " + file + " with the CSV; give --csv"
                    + " another file");
        }
        TimingConfig c = TimingConfig.of(Path.of(file), kernel, sizes, threads).withVariants(variants)
                .withRepetitions(reps).withFixed(TimingConfig.parseAssignments(set)).withRanks(ranks);
        if (sizeParameter != null) {
            c = c.withSizeParameter(sizeParameter);
        }
        List<String> f = new ArrayList<>(flags == null ? TimingConfig.DEFAULT_FLAGS
                : List.of(flags.strip().split("\\s+")));
        // the kernel is read and compiled with the same include folders and macros
        f.addAll(preprocessor.preprocessor().compilerOptions());
        c = c.withCompiler(cc, f).withFortranCompiler(fc)
                .withGeneration(c.generation().withPreprocessor(preprocessor.preprocessor()));
        if (env != null) {
            c = c.withEnvironment(TimingConfig.parseEnvironment(env));
        }
        if (csv != null || workDir != null) {
            c = c.withOutput(workDir == null ? c.workDir() : Path.of(workDir), csv == null ? c.csv() : Path.of(csv));
        }
        return c;
    }

    private static String value(String[] args, int k, String option) {
        if (k >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[k];
    }
}
