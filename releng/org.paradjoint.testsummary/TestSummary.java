import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The summary that ends {@code ./mvnw verify}: per test fragment how many tests ran and were
 * skipped, then every reason of a skip (a tool the machine lacks: gcc, gfortran, Kokkos C++, MPI, a
 * display) with its count and fragments. Reads the surefire reports this build wrote (those older
 * than the build's start are left over from earlier builds and ignored).
 * <p>
 * Usage: {@code java TestSummary.java REPOSITORY BUILD_START REQUIRE_ALL} (BUILD_START an ISO
 * instant, Maven's {@code maven.build.timestamp}). With REQUIRE_ALL {@code true} (CI, which installs
 * every tool) anything skipped or not run fails: a machine that was meant to have everything must
 * not pass by skipping.
 */
public final class TestSummary {

    private record Counts(int run, int skipped) {
    }

    public static void main(String[] args) throws Exception {
        Path tests = Path.of(args[0]).resolve("tests");
        Instant start = Instant.parse(args[1]);
        boolean requireAll = Boolean.parseBoolean(args[2]);
        Map<String, Counts> perFragment = new TreeMap<>();
        Map<String, Map<String, Integer>> skipsByReason = new TreeMap<>();
        List<String> notRun = new ArrayList<>();
        for (Path fragment : fragments(tests)) {
            String name = fragment.getFileName().toString();
            List<Path> reports = freshReports(fragment.resolve("target").resolve("surefire-reports"), start);
            if (reports.isEmpty()) {
                notRun.add(name + ": " + whyNotRun(name));
                continue;
            }
            int run = 0;
            int skipped = 0;
            for (Path report : reports) {
                NodeList cases = parse(report).getElementsByTagName("testcase");
                for (int k = 0; k < cases.getLength(); k++) {
                    NodeList skips = ((Element) cases.item(k)).getElementsByTagName("skipped");
                    if (skips.getLength() == 0) {
                        run++;
                        continue;
                    }
                    skipped++;
                    skipsByReason.computeIfAbsent(reason((Element) skips.item(0)), r -> new TreeMap<>())
                            .merge(name, 1, Integer::sum);
                }
            }
            perFragment.put(name, new Counts(run, skipped));
        }
        print(perFragment, skipsByReason, notRun);
        if (requireAll && !(skipsByReason.isEmpty() && notRun.isEmpty())) {
            System.out.println("FAILED: -Dparadjoint.requireAllTools=true, and tests were skipped or not run (above).");
            System.exit(1);
        }
    }

    private static void print(Map<String, Counts> perFragment, Map<String, Map<String, Integer>> skipsByReason,
            List<String> notRun) {
        System.out.println("Test summary of this build (tests/*/target/surefire-reports):");
        perFragment.forEach((name, c) -> System.out.printf("  %-34s %5d run, %4d skipped%n", name, c.run(),
                c.skipped()));
        if (skipsByReason.isEmpty() && notRun.isEmpty()) {
            System.out.println("Nothing was skipped: every tool the tests need was found.");
            return;
        }
        System.out.println("Skipped, and why (install what is named to run them; .ci/run installs everything):");
        skipsByReason.forEach((reason, fragments) -> {
            int total = fragments.values().stream().mapToInt(Integer::intValue).sum();
            System.out.printf("  %d test%s: %s%n", total, total == 1 ? "" : "s", reason);
            List<String> where = new ArrayList<>();
            fragments.forEach((f, n) -> where.add(f + " (" + n + ")"));
            System.out.println("      in " + String.join(", ", where));
        });
        notRun.forEach(line -> System.out.println("  " + line));
    }

    /**
     * The assumption's message: the {@code message} attribute where surefire writes one, else the
     * first line of the stack trace it writes instead ({@code ...TestAbortedException: Assumption
     * failed: MESSAGE}).
     */
    private static String reason(Element skipped) {
        String message = skipped.getAttribute("message");
        if (message.isBlank()) {
            message = skipped.getTextContent().strip().lines().findFirst().orElse("");
            message = message.substring(message.indexOf(':') + 1).strip();
        }
        message = message.replaceFirst("^Assumption failed: ", "");
        return message.isBlank() ? "(no reason given)" : message;
    }

    private static List<Path> fragments(Path tests) throws IOException {
        try (Stream<Path> s = Files.list(tests)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tests"))
                    .filter(p -> Files.isRegularFile(p.resolve("META-INF").resolve("MANIFEST.MF"))).sorted().toList();
        }
    }

    private static List<Path> freshReports(Path dir, Instant start) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("TEST-")
                    && p.getFileName().toString().endsWith(".xml")).filter(p -> {
                        try {
                            return !Files.getLastModifiedTime(p).toInstant().isBefore(start);
                        } catch (IOException e) {
                            return false;
                        }
                    }).toList();
        }
    }

    /** The workbench tests are the only fragment skipped whole (by its pom's no-display profile). */
    private static String whyNotRun(String fragment) {
        if (fragment.equals("org.paradjoint.ui.tests") && System.getenv("DISPLAY") == null) {
            return "not run: the workbench needs a display and DISPLAY is unset (run the build under xvfb-run -a; "
                    + "Debian: apt-get install xvfb xauth libgtk-3-0)";
        }
        return "no test reports from this build";
    }

    private static Document parse(Path report) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(report.toFile());
    }
}
