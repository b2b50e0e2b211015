package org.paradjoint.cdt;

import java.util.Set;

import org.paradjoint.cdt.internal.UnitMapper;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.frontend.ParseResult;

/** What the front-ends on CDT's DOM share: a {@link UnitMapper} for their language does the work. */
abstract class CdtFrontEnd implements FrontEnd {
    private final UnitMapper mapper;

    CdtFrontEnd(UnitMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public ParseResult parse(String fileName, String text) {
        return mapper.map(fileName, text);
    }

    /**
     * Maps the annotated functions, those in {@code named} and the functions of the file they
     * call; the parse, and so the syntax errors of the whole file, is the same as {@link #parse}'s.
     * On a large file most functions are neither, and mapping them was most of the time spent.
     */
    @Override
    public ParseResult parseFor(String fileName, String text, Set<String> named) {
        return mapper.mapFor(fileName, text, named);
    }
}
