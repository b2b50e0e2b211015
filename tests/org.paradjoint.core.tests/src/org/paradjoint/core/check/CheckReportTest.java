package org.paradjoint.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CheckReportTest {

    @Test
    void readsResultsAndTheVerdict() {
        CheckReport r = CheckReport.parse("""
                threads: 2
                == f
                dot-product: PASS rel_err=1.000e-16 tol=1.0e-12 <yd,yb>=1 <xd,xb>=1
                finite-difference: FAIL rel_err=3.000e-03 tol=1.0e-06 max_abs_err=1e-3 max|yd|=1 h=1e-6
                == f: FAIL
                == g
                dot-product: PASS rel_err=nan tol=1.0e-12 <yd,yb>=nan <xd,xb>=nan
                finite-difference: PASS rel_err=0.000e+00 tol=1.0e-06 max_abs_err=0 max|yd|=0 h=1e-6
                == g: PASS
                FAIL
                """);
        assertEquals(2, r.threads());
        assertFalse(r.passed());
        CheckReport.Result f = r.result("f");
        assertTrue(f.dotPassed());
        assertEquals(1e-16, f.dotError());
        assertFalse(f.fdPassed());
        assertEquals(3e-3, f.fdError());
        assertFalse(f.passed());
        assertEquals(2, f.lines().size());
        assertTrue(Double.isNaN(r.result("g").dotError()));
    }

    @Test
    void aCrashLeavesAnUnfinishedResult() {
        CheckReport r = CheckReport.parse("threads: 1\n== f\ndot-product: PASS rel_err=1e-16\n");
        assertFalse(r.passed());
        assertFalse(r.result("f").passed());
        assertTrue(Double.isNaN(r.result("f").fdError()));
    }
}
