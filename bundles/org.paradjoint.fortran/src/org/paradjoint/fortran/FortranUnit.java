package org.paradjoint.fortran;

import java.util.Map;

import org.paradjoint.core.frontend.ParseResult;

/** The result of the Fortran front-end with the per-procedure facts the IR leaves out. */
public record FortranUnit(ParseResult result, Map<String, ProcedureInfo> procedures) {

    public FortranUnit {
        procedures = Map.copyOf(procedures);
    }

    public ProcedureInfo procedure(String name) {
        return procedures.get(name);
    }
}
