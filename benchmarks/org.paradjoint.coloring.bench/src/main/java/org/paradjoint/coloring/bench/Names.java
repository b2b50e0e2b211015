package org.paradjoint.coloring.bench;

import org.paradjoint.coloring.ColoringProblem;
import org.paradjoint.coloring.DynamicLargestFirst;
import org.paradjoint.coloring.IncidenceDegree;
import org.paradjoint.coloring.LargestFirst;
import org.paradjoint.coloring.NaturalOrder;
import org.paradjoint.coloring.Ordering;
import org.paradjoint.coloring.RandomOrder;
import org.paradjoint.coloring.SmallestLast;

/** JMH parameters are strings; these map them to the library's typed values (same spellings as the CLI). */
final class Names {

    static final String[] ORDERS = {"natural", "random", "largest-first", "smallest-last", "incidence-degree",
        "dynamic-largest-first"};

    private Names() {
    }

    static Ordering order(String name) {
        return switch (name) {
            case "natural" -> new NaturalOrder();
            case "random" -> new RandomOrder(1);
            case "largest-first" -> new LargestFirst();
            case "smallest-last" -> new SmallestLast();
            case "incidence-degree" -> new IncidenceDegree();
            case "dynamic-largest-first" -> new DynamicLargestFirst();
            default -> throw new IllegalArgumentException("unknown order " + name);
        };
    }

    static ColoringProblem problem(String name) {
        return switch (name) {
            case "column" -> ColoringProblem.COLUMN;
            case "row" -> ColoringProblem.ROW;
            case "star" -> ColoringProblem.STAR;
            case "acyclic" -> ColoringProblem.ACYCLIC;
            case "d1" -> ColoringProblem.DISTANCE_1;
            default -> throw new IllegalArgumentException("unknown problem " + name);
        };
    }
}
