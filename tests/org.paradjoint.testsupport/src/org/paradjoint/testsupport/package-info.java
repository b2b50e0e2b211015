/**
 * What the test fragments share: the repository and its examples, scratch folders, running
 * external programs, and the tools some tests need (gfortran, Kokkos C++; a test whose tool is
 * missing is skipped with the reason). Not part of the product or the feature.
 */
package org.paradjoint.testsupport;
