/** Matrix Market ({@code .mtx}) coordinate files: strict reading with line-numbered errors, and writing. */
package org.paradjoint.coloring.io;
