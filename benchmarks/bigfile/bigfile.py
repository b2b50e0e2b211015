#!/usr/bin/env python3
"""Writes a large C file for the start-to-finish timing of `paradjoint differentiate`.

The file holds FUNCTIONS kernels `void kernelK(int n, double *y, const double *x)`, each one
`#pragma omp parallel for` loop of about twenty statements; every 100th kernel carries
`#pragma ad gradient(y : x)`, the others are left unannotated, as in a real code where a few
routines of a large file are differentiated.

Usage: bigfile.py [FUNCTIONS] > big.c      (default 2190 functions, about 5 MB)
"""
import sys

ANNOTATE_EVERY = 100


def kernel(k):
    lines = []
    if k % ANNOTATE_EVERY == 0:
        lines.append(f"/* kernel {k} */")
        lines.append("#pragma ad gradient(y : x)")
    lines.append(f"void kernel{k}(int n, double *y, const double *x)")
    lines.append("{")
    lines.append("#pragma omp parallel for")
    lines.append("    for (int i = 1; i < n - 1; i++) {")
    c1 = 1 + k % 7
    c2 = k % 13 + 1
    lines.append(f"        double a = x[i] * {c1}.5 + x[i - 1] * 0.75 - x[i + 1] * 0.125 + {c2}.0e-3 * x[i] * x[i];")
    lines.append(f"        double b = x[i + 1] - 0.25 * x[i] + 0.5 * x[i - 1] * x[i + 1] - {c1}.0e-2 * x[i - 1];")
    lines.append("        double c = a * b + sin(x[i]) - 0.5 * cos(x[i - 1]) + 0.25 * a * a - 0.125 * b * b;")
    lines.append("        double d = c * c - a / (1.0 + b * b) + 0.5 * c * a - 0.25 * sin(b) + 0.125 * c;")
    lines.append("        double e = exp(-0.5 * d * d) + cos(a) - 0.5 * sin(c) * cos(d) + 0.25 * a * d;")
    lines.append("        double f = sqrt(1.0 + e * e) * 0.125 + 0.5 * sqrt(1.0 + a * a) - 0.25 * e * c;")
    lines.append("        double g = a * f - b * e + c * d - 0.5 * (a + b + c + d + e + f) * 0.01;")
    lines.append("        double h = g * g + 0.5 * (x[i - 1] + x[i + 1]) - 0.25 * g * a + 0.125 * f * e;")
    lines.append("        double p = log(1.0 + h * h) + tanh(g) - 0.5 * log(2.0 + a * a) + 0.25 * h;")
    lines.append("        double q = p * a + f * b - 3.0 * c + 0.5 * p * p - 0.25 * g * h + 0.125 * d;")
    lines.append("        double r = q / (2.0 + p * p) + d * e - 0.5 * q * a + 0.25 * (h - g) * f;")
    lines.append("        double s = r * r * 0.01 + atan(q) - 0.5 * atan(r) + 0.25 * r * p - 0.125 * q;")
    lines.append("        double t = s + pow(1.0 + a * a, 0.5) - 0.5 * s * r + 0.25 * pow(1.0 + b * b, 0.5);")
    lines.append("        double u = t * g - h * 0.001 + x[i] - 0.5 * t * t * 0.01 + 0.25 * s * h;")
    lines.append("        double v = u * u * 1.0e-3 + fabs(s) - 0.5 * fabs(t) + 0.25 * u * r - 0.125 * x[i - 1] * x[i];")
    lines.append("        double w = v + u * r - q * p + 0.5 * v * t - 0.25 * u * s + 0.125 * x[i + 1] * x[i];")
    lines.append("        double z = w * 0.5 + t * 0.25 + s * 0.125 - 0.5 * w * v * 0.001 + 0.25 * x[i - 1] * x[i + 1];")
    lines.append("        double zz = z * z + w * v * 1.0e-6 - 0.5 * z * u * 0.001 + 0.25 * (a - b) * (c - d);")
    lines.append("        double m1 = zz * a - z * b + w * c - v * d + u * e - t * f + s * g - r * h + 0.5 * p * q;")
    lines.append("        double m2 = m1 * 0.5 + sin(m1 * 0.001) - cos(zz * 0.001) + 0.25 * m1 * m1 * 1.0e-6 - a * 0.1;")
    lines.append("        double m3 = m2 * m1 * 1.0e-3 + exp(-0.001 * m2 * m2) - 0.5 * sqrt(1.0 + m1 * m1) + b * c;")
    lines.append("        double m4 = m3 + m2 * 0.25 - m1 * 0.125 + tanh(m3 * 0.01) - 0.5 * atan(m2) + d * e * f;")
    lines.append("        double m5 = m4 * m4 * 1.0e-4 + log(1.0 + m3 * m3) - 0.5 * fabs(m2) + g * h * p * 0.001;")
    lines.append(f"        y[i] = zz + m5 + z * {c2}.0 + a * b - 0.5 * (e - f) * (g - h) + 0.25 * (p - q) * (r - s);")
    lines.append("    }")
    lines.append("}")
    lines.append("")
    return "\n".join(lines)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2190
    out = sys.stdout
    out.write(f"/* {count} generated kernels; every {ANNOTATE_EVERY}th is differentiated. */\n")
    out.write("#include <math.h>\n\n")
    for k in range(count):
        out.write(kernel(k))
        out.write("\n")


if __name__ == "__main__":
    main()
