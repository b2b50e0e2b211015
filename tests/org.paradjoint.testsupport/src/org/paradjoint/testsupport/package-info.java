/**
 * What the test fragments share: the repository and its examples, scratch folders, running
 * external programs, and the gfortran requirement. Not part of the product or the feature.
 */
package org.paradjoint.testsupport;
