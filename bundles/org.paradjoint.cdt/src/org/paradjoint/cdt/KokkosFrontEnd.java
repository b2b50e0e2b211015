package org.paradjoint.cdt;

import java.util.Map;

import org.paradjoint.cdt.internal.UnitMapper;

/**
 * The Kokkos C++ front-end: parses {@code .cpp}, {@code .cxx} and {@code .hpp} text with CDT's C++
 * parser (Kokkos's macros predefined, {@code #include}s read as empty) and maps the Kokkos subset
 * to the IR: {@code Kokkos::View} parameters and locals of rank 1-3 are arrays (their layout
 * decides the IR's), subviews are renamings of their elements, {@code parallel_for},
 * {@code parallel_reduce} (sum) and {@code deep_copy} are parallel loops, and the C statements of
 * the lambdas are mapped as the C front-end maps them. Every other construct is a located error.
 * Views given as separate parameters are assumed not to share memory, as C's pointer parameters
 * are.
 */
public final class KokkosFrontEnd extends CdtFrontEnd {

    public KokkosFrontEnd() {
        this(Map.of());
    }

    /** {@code macros} are predefined in addition to Kokkos's own. */
    public KokkosFrontEnd(Map<String, String> macros) {
        super(new UnitMapper(macros, true));
    }

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".cpp") || fileName.endsWith(".cxx") || fileName.endsWith(".hpp");
    }
}
