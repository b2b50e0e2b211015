package org.paradjoint.coloring.bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.paradjoint.coloring.SparsityPattern;
import org.paradjoint.coloring.SparsityPatterns;

/** The benchmark matrices by name; built once per JVM (building a 10^6 x 10^6 pattern takes a second or two). */
final class Matrices {

    private static final Map<String, SparsityPattern> CACHE = new ConcurrentHashMap<>();

    private Matrices() {
    }

    static SparsityPattern get(String name) {
        return CACHE.computeIfAbsent(name, Matrices::build);
    }

    private static SparsityPattern build(String name) {
        return switch (name) {
            case "lap2d-1000" -> SparsityPatterns.laplacian2d(1000);
            case "lap3d-100" -> SparsityPatterns.laplacian3d(100);
            case "lap3d-40" -> SparsityPatterns.laplacian3d(40);
            case "lap2d-100" -> SparsityPatterns.laplacian2d(100);
            case "lap2d-300" -> SparsityPatterns.laplacian2d(300); // issue #20's matrices, as in SideBySide
            case "random-20000" -> SparsityPatterns.random(20_000, 20_000, 10, 1);
            case "random-1e5" -> SparsityPatterns.random(100_000, 100_000, 10, 2024);
            case "random-1e6" -> SparsityPatterns.random(1_000_000, 1_000_000, 10, 2024);
            case "arrow-1e3" -> SparsityPatterns.arrowhead(1000);
            case "arrow-1e4" -> SparsityPatterns.arrowhead(10_000);
            case "band5-1e5" -> SparsityPatterns.banded(100_000, 2, 2);
            case "random-1e4" -> SparsityPatterns.random(10_000, 10_000, 10, 2024);
            case "random4-1e4" -> SparsityPatterns.random(10_000, 10_000, 4, 2024);
            case "bordered-band-1e4" -> SparsityPatterns.borderedBand(10_000, 2, 4);
            default -> throw new IllegalArgumentException("unknown matrix " + name);
        };
    }
}
