package org.paradjoint.core.annotation;

/**
 * What an annotation (or directive) sits on, as far as the annotation language cares: each kind
 * applies to some of these (see {@link AnnotationMessages#misfit}). How a language names them is
 * its {@link Spelling}'s.
 */
public enum AnnotationSite {
    FUNCTION, LOOP, ASSIGNMENT, OTHER
}
