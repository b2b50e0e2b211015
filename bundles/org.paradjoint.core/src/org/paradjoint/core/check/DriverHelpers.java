package org.paradjoint.core.check;

/** The C helpers every check driver carries (random numbers, fills, the two comparisons). */
final class DriverHelpers {

    private DriverHelpers() {
    }

    /**
     * The helpers over floating arrays, written once for each precision ({@code REAL} and
     * {@code SUFFIX} replaced); {@link #TEXT} chooses between them by the array's type with
     * {@code _Generic}, so the kernel writer names one helper whatever the kernel's precision.
     * Sums and differences are formed in double.
     */
    private static final String TYPED = """
            static inline void pa_chk_fill_SUFFIX(REAL *a, long len, double lo, double hi)
            {
                for (long k = 0; k < len; k++)
                    a[k] = (REAL) pa_chk_uniform(lo, hi);
            }

            /* a = a0 + h * d */
            static inline void pa_chk_shift_SUFFIX(REAL *a, const REAL *a0, const REAL *d, double h, long len)
            {
                for (long k = 0; k < len; k++)
                    a[k] = (REAL) (a0[k] + h * d[k]);
            }

            static inline double pa_chk_maxabs_SUFFIX(const REAL *a, long len)
            {
                double m = 0.0;
                for (long k = 0; k < len; k++)
                    m = fmax(m, fabs((double) a[k]));
                return m;
            }

            static inline void pa_chk_dot_SUFFIX(const REAL *a, const REAL *b, long len, double *sum, double *sumabs)
            {
                for (long k = 0; k < len; k++) {
                    double t = (double) a[k] * (double) b[k];
                    *sum += t;
                    *sumabs += fabs(t);
                }
            }

            /* also keeps the differences in fds for pa_chk_fd_noise */
            static inline void pa_chk_fd_add_SUFFIX(struct pa_chk_fd *s, const REAL *plus, const REAL *minus,
                                                   const REAL *yd, long len, double h, REAL *fds)
            {
                for (long k = 0; k < len; k++) {
                    double fd = ((double) plus[k] - (double) minus[k]) / (2.0 * h), t = yd != NULL ? yd[k] : 0.0;
                    fds[k] = (REAL) fd;
                    s->err = fmax(s->err, fabs(fd - t));
                    s->max_yd = fmax(s->max_yd, fabs(t));
                    s->max_fd = fmax(s->max_fd, fabs(fd));
                    s->max_y = fmax(s->max_y, fmax(fabs((double) plus[k]), fabs((double) minus[k])));
                    if (fd != fd || t != t)
                        s->nan = 1;
                }
            }

            /* the differences at another step h2: rounding changes them by about what it leaves in them */
            static inline void pa_chk_fd_noise_SUFFIX(struct pa_chk_fd *s, const REAL *plus, const REAL *minus,
                                                     const REAL *fds, long len, double h2)
            {
                for (long k = 0; k < len; k++)
                    s->noise = fmax(s->noise, fabs(((double) plus[k] - (double) minus[k]) / (2.0 * h2) - fds[k]));
            }
            """;

    private static String typed(String real) {
        return TYPED.replace("REAL", real).replace("SUFFIX", real);
    }

    /** Static inline, so that helpers a driver does not use draw no warning. */
    static final String TEXT = """
            /* splitmix64: the driver's own reproducible random numbers (no rand()). */
            static unsigned long long pa_chk_state;

            /* under MPI (PA_CHECK_MPI) every rank draws its own inputs and seeds; rank 0 those of a run
               without MPI */
            static inline void pa_chk_seed(unsigned long long seed)
            {
            #ifdef PA_CHECK_MPI
                int rank;
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                seed += 0x9E3779B9ULL * (unsigned long long) rank;
            #endif
                pa_chk_state = seed;
            }

            /* the largest of v over the ranks (v itself without MPI) */
            static inline double pa_chk_global_max(double v)
            {
            #ifdef PA_CHECK_MPI
                MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            #endif
                return v;
            }

            static inline unsigned long long pa_chk_next(void)
            {
                unsigned long long z = (pa_chk_state += 0x9E3779B97F4A7C15ULL);
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
                return z ^ (z >> 31);
            }

            static inline double pa_chk_uniform(double lo, double hi)
            {
                return lo + (hi - lo) * ((double) (pa_chk_next() >> 11) * 0x1.0p-53);
            }

            static inline long pa_chk_below(long n)
            {
                return (long) (pa_chk_next() % (unsigned long long) n);
            }

            static inline void *pa_chk_alloc(long count, size_t size)
            {
                void *p = calloc((size_t) (count > 0 ? count : 1), size);
                if (p == NULL) {
                    fprintf(stderr, "error: out of memory (%ld elements)\\n", count);
                    exit(2);
                }
                return p;
            }

            static inline void pa_chk_store(void *a, size_t size, long k, long v)
            {
                if (size == sizeof(int))
                    ((int *) a)[k] = (int) v;
                else
                    ((long *) a)[k] = v;
            }

            /* a random permutation of 0..n-1, repeated or truncated to len elements */
            static inline int pa_chk_perm(void *a, size_t size, long len, long n)
            {
                if (n <= 0)
                    return -1;
                long *p = pa_chk_alloc(n, sizeof(long));
                for (long k = 0; k < n; k++)
                    p[k] = k;
                for (long k = n - 1; k > 0; k--) {
                    long j = pa_chk_below(k + 1), t = p[k];
                    p[k] = p[j];
                    p[j] = t;
                }
                for (long k = 0; k < len; k++)
                    pa_chk_store(a, size, k, p[k % n]);
                free(p);
                return 0;
            }

            /* values uniform in [lo, hi) */
            static inline int pa_chk_range(void *a, size_t size, long len, long lo, long hi)
            {
                if (hi <= lo)
                    return -1;
                for (long k = 0; k < len; k++)
                    pa_chk_store(a, size, k, lo + pa_chk_below(hi - lo));
                return 0;
            }

            static inline int pa_chk_compare_long(const void *x, const void *y)
            {
                long a = *(const long *) x, b = *(const long *) y;
                return (a > b) - (a < b);
            }

            /* sorted values in [lo, hi], the first lo and the last hi */
            static inline int pa_chk_ascending(void *a, size_t size, long len, long lo, long hi)
            {
                if (hi < lo || (len == 1 && hi != lo))
                    return -1;
                long *t = pa_chk_alloc(len, sizeof(long));
                for (long k = 0; k < len; k++)
                    t[k] = k == 0 ? lo : k == len - 1 ? hi : lo + pa_chk_below(hi - lo + 1);
                qsort(t, (size_t) len, sizeof(long), pa_chk_compare_long);
                for (long k = 0; k < len; k++)
                    pa_chk_store(a, size, k, t[k]);
                free(t);
                return 0;
            }

            /* what every call starts from: work copy <- pristine copy */
            struct pa_chk_copy {
                void *work;
                const void *in;
                size_t bytes;
            };

            static inline void pa_chk_restore(const struct pa_chk_copy *c)
            {
                for (; c->work != NULL; c++)
                    memcpy(c->work, c->in, c->bytes);
            }

            static inline int pa_chk_report_dot(double tangent, double tabs, double adjoint, double aabs, double tol)
            {
            #ifdef PA_CHECK_MPI
                /* global inner products: each rank's terms summed over the ranks */
                double local[4] = { tangent, tabs, adjoint, aabs }, global[4];
                MPI_Allreduce(local, global, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
                tangent = global[0];
                tabs = global[1];
                adjoint = global[2];
                aabs = global[3];
            #endif
                double scale = fmax(fmax(tabs, aabs), fmax(fabs(tangent), fabs(adjoint)));
                double err = scale > 0.0 ? fabs(tangent - adjoint) / scale : 0.0;
                /* both products exactly 0: the run compared nothing (no iteration, or all derivatives 0) */
                int vacuous = scale == 0.0 && getenv("PARADJOINT_CHECK_ALLOW_ZERO") == NULL;
                int pass = err <= tol && !vacuous;
                printf("dot-product: %s rel_err=%.3e tol=%.1e <yd,yb>=%.17g <xd,xb>=%.17g\\n",
                       pass ? "PASS" : "FAIL", err, tol, tangent, adjoint);
                if (vacuous)
                    printf("note: nothing was exercised: every product is exactly 0 (no loop iteration ran, or every "
                           "derivative is 0); choose sizes that run the loops, or accept it with --allow-zero\\n");
                return !pass;
            }

            /* central differences against the tangent, in the max norm */
            struct pa_chk_fd {
                double err, max_yd, max_fd, max_y, noise;
                int nan;
            };
            """ + typed("double") + typed("float") + """
            #define PA_CHK_TYPED(f, a) _Generic((a), float *: f##_float, const float *: f##_float, default: f##_double)
            #define pa_chk_fill(a, ...) PA_CHK_TYPED(pa_chk_fill, a)(a, __VA_ARGS__)
            #define pa_chk_shift(a, ...) PA_CHK_TYPED(pa_chk_shift, a)(a, __VA_ARGS__)
            #define pa_chk_maxabs(a, ...) PA_CHK_TYPED(pa_chk_maxabs, a)(a, __VA_ARGS__)
            #define pa_chk_dot(a, ...) PA_CHK_TYPED(pa_chk_dot, a)(a, __VA_ARGS__)
            #define pa_chk_fd_add(s, plus, ...) PA_CHK_TYPED(pa_chk_fd_add, plus)(s, plus, __VA_ARGS__)
            #define pa_chk_fd_noise(s, plus, ...) PA_CHK_TYPED(pa_chk_fd_noise, plus)(s, plus, __VA_ARGS__)


            /* relative to the larger of max|yd| and max|fd|, but never below what central differences
             * resolve: rounding makes them uncertain by about eps C / h, C the sum of the absolute
             * values of the terms that make up y (eps the kernel's precision). C is not known, so the
             * noise is the larger of 100 eps max(1, max|y|) / h (C near |y|) and 4 times the change
             * measured between the steps h and 2h (ill-conditioned kernels, C >> |y|); truncation
             * changes them by only O(h^2), and a wrong tangent differs from both alike */
            static inline int pa_chk_report_fd(const struct pa_chk_fd *local, double tol, double h, double eps)
            {
                struct pa_chk_fd global = *local;
                const struct pa_chk_fd *s = &global;
            #ifdef PA_CHECK_MPI
                /* the max norms over every rank's dependents */
                double m[6] = { local->err, local->max_yd, local->max_fd, local->max_y, local->noise, local->nan };
                MPI_Allreduce(MPI_IN_PLACE, m, 6, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                global.err = m[0];
                global.max_yd = m[1];
                global.max_fd = m[2];
                global.max_y = m[3];
                global.noise = m[4];
                global.nan = m[5] != 0.0;
            #endif
                double noise = fmax(100.0 * eps * fmax(1.0, s->max_y) / h, 4.0 * s->noise);
                double scale = fmax(fmax(s->max_yd, s->max_fd), noise / tol);
                double err = s->nan ? NAN : s->err / scale;
                int pass = err <= tol;
                printf("finite-difference: %s rel_err=%.3e tol=%.1e max_abs_err=%.3e max|yd|=%.3e h=%.1e noise=%.1e\\n",
                       pass ? "PASS" : "FAIL", err, tol, s->err, s->max_yd, h, noise);
                if (noise > fmax(s->max_yd, s->max_fd))
                    printf("note: the rounding noise of the differences exceeds the derivatives: this test resolves "
                           "nothing here; give a larger --fd-step, or check a double version of the kernel\\n");
                return !pass;
            }

            static inline int pa_chk_selected(const char *name, int argc, char **argv)
            {
                if (argc <= 1)
                    return 1;
                for (int k = 1; k < argc; k++)
                    if (strcmp(argv[k], name) == 0)
                        return 1;
                return 0;
            }
            """;
}
