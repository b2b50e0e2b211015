/** The {@code paradjoint color} command, independent of the headless application that hosts it. */
package org.paradjoint.coloring.cli;
