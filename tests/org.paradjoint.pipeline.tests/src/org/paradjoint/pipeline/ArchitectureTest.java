package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/**
 * The house rules of docs/DESIGN.md, read from every bundle's {@code MANIFEST.MF}: which bundle
 * may depend on which. A new edge that breaks a rule fails here, with the rule it breaks.
 */
class ArchitectureTest {

    /** Bundles that transform or analyse IR: they never see a front-end, the pipeline or the workbench. */
    private static final Set<String> TRANSFORMS = Set.of("org.paradjoint.core", "org.paradjoint.stencil",
            "org.paradjoint.race", "org.paradjoint.z3", "org.paradjoint.separable", "org.paradjoint.coloring");
    private static final Set<String> FRONT_ENDS = Set.of("org.paradjoint.cdt", "org.paradjoint.fortran");
    /** The front doors: only they may call the pipeline; nobody calls them. */
    private static final Set<String> FRONT_DOORS = Set.of("org.paradjoint.cli", "org.paradjoint.launch",
            "org.paradjoint.ui");

    private static Map<String, Set<String>> edges;
    private static Map<String, Set<String>> imports;

    @BeforeAll
    static void readManifests() throws IOException {
        edges = new TreeMap<>();
        imports = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(Repo.root().resolve("bundles"))) {
            for (Path dir : dirs.sorted().toList()) {
                Path mf = dir.resolve("META-INF/MANIFEST.MF");
                if (!Files.isRegularFile(mf)) {
                    continue;
                }
                Manifest m;
                try (var in = Files.newInputStream(mf)) {
                    m = new Manifest(in);
                }
                String name = headerNames(m.getMainAttributes().getValue("Bundle-SymbolicName")).get(0);
                edges.put(name, new LinkedHashSet<>(headerNames(m.getMainAttributes().getValue("Require-Bundle"))));
                imports.put(name, new LinkedHashSet<>(headerNames(m.getMainAttributes().getValue("Import-Package"))));
            }
        }
    }

    /** The names of a manifest header's clauses, without attributes and directives. */
    private static List<String> headerNames(String header) {
        List<String> out = new ArrayList<>();
        if (header == null) {
            return out;
        }
        // commas inside quoted attribute values (x-friends:="a,b") do not separate clauses
        StringBuilder clause = new StringBuilder();
        boolean quoted = false;
        for (char c : (header + ",").toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                out.add(clause.toString().split(";")[0].strip());
                clause.setLength(0);
            } else {
                clause.append(c);
            }
        }
        return out;
    }

    @Test
    void everyBundleIsRead() {
        assertTrue(edges.keySet().containsAll(TRANSFORMS), edges.keySet().toString());
        assertTrue(edges.containsKey("org.paradjoint.pipeline"), edges.keySet().toString());
    }

    @Test
    void coreDependsOnNothing() {
        assertEquals(Set.of(), edges.get("org.paradjoint.core"), "core is plain Java");
        assertEquals(Set.of(), imports.get("org.paradjoint.core"), "core is plain Java");
    }

    @Test
    void transformsSeeNeitherFrontEndsNorEclipse() {
        List<String> broken = new ArrayList<>();
        for (String t : TRANSFORMS) {
            for (String dep : edges.get(t)) {
                if (!TRANSFORMS.contains(dep)) {
                    broken.add(t + " -> " + dep);
                }
            }
            for (String pkg : imports.get(t)) {
                broken.add(t + " imports " + pkg);
            }
        }
        assertEquals(List.of(), broken, "a transformation works on the IR only (core and other transformations)");
    }

    @Test
    void frontEndsDecideNothingAboutDifferentiation() {
        List<String> broken = new ArrayList<>();
        for (String fe : FRONT_ENDS) {
            for (String dep : edges.get(fe)) {
                if (dep.startsWith("org.paradjoint.") && !dep.equals("org.paradjoint.core")) {
                    broken.add(fe + " -> " + dep);
                }
            }
        }
        assertEquals(List.of(), broken, "a front-end maps source to IR: it depends on core only");
    }

    @Test
    void onlyTheFrontDoorsUseThePipelineAndNobodyUsesThem() {
        List<String> broken = new ArrayList<>();
        edges.forEach((from, deps) -> {
            for (String dep : deps) {
                if (dep.equals("org.paradjoint.pipeline") && !FRONT_DOORS.contains(from)) {
                    broken.add(from + " -> pipeline");
                }
                if (FRONT_DOORS.contains(dep) && !(from.equals("org.paradjoint.ui") && dep.equals(
                        "org.paradjoint.launch"))) {
                    broken.add(from + " -> " + dep);
                }
            }
        });
        assertEquals(List.of(), broken);
    }

    @Test
    void pipelineIsHeadless() {
        List<String> eclipse = edges.get("org.paradjoint.pipeline").stream().filter(d -> d.startsWith("org.eclipse."))
                .toList();
        assertEquals(List.of(), eclipse, "the pipeline runs without Eclipse: the command line and tests use it");
    }

    @Test
    void noCycles() {
        Map<String, Integer> state = new LinkedHashMap<>();
        for (String b : edges.keySet()) {
            List<String> cycle = cycleFrom(b, state, new ArrayList<>());
            assertEquals(List.of(), cycle, "bundle dependency cycle");
        }
    }

    /** Depth-first search: 1 on the path, 2 finished. */
    private static List<String> cycleFrom(String b, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(b);
        if (s != null && s == 2) {
            return List.of();
        }
        if (s != null && s == 1) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(b), path.size()));
            cycle.add(b);
            return cycle;
        }
        state.put(b, 1);
        path.add(b);
        for (String dep : edges.getOrDefault(b, Set.of())) {
            if (edges.containsKey(dep)) {
                List<String> c = cycleFrom(dep, state, path);
                if (!c.isEmpty()) {
                    return c;
                }
            }
        }
        path.remove(path.size() - 1);
        state.put(b, 2);
        return List.of();
    }
}
