package org.paradjoint.cdt.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where the system headers are and what the compiler predefines, as gcc says once per process
 * ({@code gcc -xc -E -dM -v /dev/null}: the macros on standard output, the {@code #include <...>}
 * search list on standard error). Reading the headers as gcc would needs both: glibc chooses its
 * types by {@code __x86_64__} and the like, and {@code <stddef.h>} defines {@code size_t} as
 * {@code __SIZE_TYPE__}. Without gcc the search list falls back to {@code /usr/local/include},
 * {@code /usr/include} and gcc's own include folders found under {@code /usr/lib/gcc}, with no
 * compiler macros. The MPI compiler wrapper's folders come last ({@code mpicc -showme:incdirs} of
 * OpenMPI, the {@code -I} options of {@code mpicc -show} otherwise), so that {@code #include <mpi.h>}
 * reads the header the program will be built with.
 */
final class SystemHeaders {

    /** The search list and the compiler's macros. */
    record Found(List<String> includeDirs, Map<String, String> macros) {
        /** Whether {@code path} lies in a system include folder: its definitions are never mapped. */
        boolean contains(String path) {
            return includeDirs.stream().anyMatch(d -> path.startsWith(d.endsWith("/") ? d : d + "/"));
        }
    }

    private static final String COMPILER = "gcc";

    private SystemHeaders() {
    }

    /** Asked once per process, and only by the first file that needs it. */
    private static final class Holder {
        static final Found FOUND = ask();
    }

    static Found get() {
        return Holder.FOUND;
    }

    private static Found ask() {
        try {
            Process p = new ProcessBuilder(COMPILER, "-xc", "-E", "-dM", "-v", "/dev/null").start();
            p.getOutputStream().close();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            String out = read(p.getInputStream());
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                List<String> dirs = searchList(err.join());
                if (!dirs.isEmpty()) {
                    dirs.addAll(mpiIncludeDirs());
                    return new Found(dirs, macros(out));
                }
            } else {
                p.destroy();
            }
        } catch (IOException e) {
            // no gcc: the fallback below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> dirs = fallbackDirs();
        dirs.addAll(mpiIncludeDirs());
        return new Found(dirs, Map.of());
    }

    /** The include folders of the MPI compiler wrapper, or none when there is no {@code mpicc}. */
    static List<String> mpiIncludeDirs() {
        String openMpi = output("mpicc", "-showme:incdirs");
        if (openMpi != null && !openMpi.isBlank()) {
            return List.of(openMpi.strip().split("\\s+"));
        }
        String command = output("mpicc", "-show");
        List<String> dirs = new ArrayList<>();
        if (command != null) {
            for (String token : command.strip().split("\\s+")) {
                if (token.startsWith("-I") && token.length() > 2) {
                    dirs.add(token.substring(2));
                }
            }
        }
        return dirs;
    }

    /** What a command prints on standard output, or null when it cannot run or fails. */
    private static String output(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String out = read(p.getInputStream());
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return out;
            }
            p.destroy();
        } catch (IOException e) {
            // no such command
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** The folders between "#include <...> search starts here:" and "End of search list." */
    static List<String> searchList(String verbose) {
        List<String> dirs = new ArrayList<>();
        boolean in = false;
        for (String line : verbose.split("\\R")) {
            if (line.startsWith("#include <...> search starts here:")) {
                in = true;
            } else if (line.startsWith("End of search list.")) {
                break;
            } else if (in && line.startsWith(" ")) {
                // macOS marks framework folders "(framework directory)": not header folders
                String dir = line.strip().replace(" (framework directory)", "");
                dirs.add(Path.of(dir).normalize().toString());
            }
        }
        return dirs;
    }

    /** {@code #define NAME VALUE} lines; function-like macros are left out (none that headers test is one). */
    static Map<String, String> macros(String defines) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : defines.split("\\R")) {
            if (!line.startsWith("#define ")) {
                continue;
            }
            String rest = line.substring("#define ".length());
            int space = rest.indexOf(' ');
            String name = space < 0 ? rest : rest.substring(0, space);
            if (!name.contains("(")) {
                out.put(name, space < 0 ? "" : rest.substring(space + 1));
            }
        }
        return out;
    }

    private static List<String> fallbackDirs() {
        List<String> dirs = new ArrayList<>();
        Path gcc = Path.of("/usr/lib/gcc");
        if (Files.isDirectory(gcc)) {
            try (Stream<Path> found = Files.find(gcc, 3, (p, a) -> a.isDirectory() && p.endsWith("include"))) {
                found.sorted().forEach(p -> dirs.add(p.toString()));
            } catch (IOException e) {
                // only /usr/include then
            }
        }
        dirs.add("/usr/local/include");
        dirs.add("/usr/include");
        return dirs;
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
