#!/bin/sh
# Writes docs/BENCHMARKS-reverse.md (to standard output) from the raw results of run.sh.
# Usage: sh report.sh results/run.txt > ../../docs/BENCHMARKS-reverse.md
RES=${1:-results/run.txt}

cat <<EOF2
# Reverse mode against hand-written adjoints: run time and memory

Run times and peak memory of the adjoints that \`paradjoint differentiate\`
generates for eleven PolyBench-style kernels, beside the primal and beside an
adjoint written by hand for each, with 1 and 2 OpenMP threads. The targets
are: generated at most 1.2x the hand-written time with 1 thread and 1.5x with
2 threads, and at most 1.2x its peak memory. Everything is in
\`benchmarks/reverse/\` and runs with one command (about a minute on the
machine below); this page is written by it:

\`\`\`
benchmarks/reverse/run.sh                # build, check, time, measure memory, write this page
benchmarks/reverse/run.sh --regenerate   # first regenerate generated/*_b.c with ./paradjoint
\`\`\`

## What is measured

- \`kernels/NAME.c\`: the annotated primal (\`#pragma ad gradient\` before the
  loop nest, \`#pragma omp parallel for\` on the natural parallel loop, C99
  array parameters). \`generated/NAME_b.c\`: \`paradjoint differentiate
  kernels/NAME.c\`, committed so that the benchmark builds without the tool;
  no kernel needs an option (the table in \`run.sh\` has a column for them).
  The warnings of the last regeneration are in \`results/differentiate.txt\`.
  \`hand/NAME_hand.c\`: the adjoint written by hand, with the signature and
  the semantics of the generated one (input adjoints incremented, adjoints of
  overwritten outputs reset, work arrays' adjoints zero on exit).
- \`bench_main check\`: the same inputs and seeds through the generated and
  the hand-written adjoint; every adjoint array must agree to 1e-9 (largest
  difference over largest magnitude). Then a dot-product test of each against
  central finite differences of the primal (step 1e-6, one random direction
  over all independents): \`<seed, (y(x+hd) - y(x-hd))/2h>\` against
  \`<d, adjoint>\`, to 1e-6 relative. Run at the benchmark sizes, with 1 and 2
  threads.
- \`bench_main time\`: primal, generated, hand-written; each one call, timed
  5 times with the runs of the three interleaved, the minimum reported.
  Inputs and seeds are reset outside the timed region; whatever the adjoint
  function does (its forward sweep, its tape) is inside.
- \`bench_main mem\`: a fresh process per variant that allocates only the
  arrays the variant takes (the primal: its arguments; an adjoint: the
  arguments and their adjoints), touches them, calls the variant once and
  reports \`getrusage\` \`ru_maxrss\`. So the memory columns include the data
  itself (both adjoint columns hold the same arguments and adjoints), and the
  ratio is total against total.
- Sizes are chosen so that the primal takes 20 ms or more with 1 thread and
  the whole script stays within a few minutes with today's generated adjoints
  (they are the second column of the table in \`run.sh\`). gemm, 2mm, atax,
  bicg and trmm use square matrices of the size given.
- Files: \`bench_main.c\` (the driver: \`check\`, \`time\`, \`mem\`),
  \`hand/hand_util.h\` (per-thread accumulators), \`run.sh\`, \`report.sh\`
  (writes this page from \`results/run.txt\`, the raw output of the run).
- Build: \`gcc -O3 -march=native -fopenmp\`, one translation unit with the
  three variants of every kernel; threads set by \`OMP_NUM_THREADS\`.

## Machine

$(sed -n 's/^# \(.*\)$/- \1/p' "$RES")

This is a 2-vCPU virtual machine shared with other work. The load averages
above say how busy it was: with a load well above 2, the second thread mostly
waited for a CPU, and the 2-thread rows measure two threads sharing about one
CPU (then 2 threads are slower than 1), not parallel execution. All numbers
are from one run of \`run.sh\`.

EOF2

awk '
function field(line, key,    r) {
    if (match(line, key "=\"[^\"]*\"")) { r = substr(line, RSTART + length(key) + 2, RLENGTH - length(key) - 3); return r }
    if (match(line, key "=[^ ]*")) return substr(line, RSTART + length(key) + 1, RLENGTH - length(key) - 1)
    return ""
}
/^check kernel=.* MISMATCH adjoint of/ { sub(/^check /, ""); mism[++nm] = $0; next }
/^check kernel=.* FAILED$/ { failed[field($0, "kernel") " " field($0, "threads")] = 1; next }
/^check kernel=/ {
    k = field($0, "kernel"); t = field($0, "threads"); key = k " " t
    if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
    size[k] = field($0, "size")
    gvh[key] = field($0, "generated_vs_hand")
    agree[key] = ($0 ~ / agree /) ? "agree" : "**MISMATCH**"
    n = split($0, w, "rel ")
    split(w[2], a, /[ )]/); relh[key] = a[1]; okh[key] = a[2]
    split(w[3], a, /[ )]/); relg[key] = a[1]; okg[key] = a[2]
    next
}
/^time kernel=/ {
    key = field($0, "kernel") " " field($0, "threads")
    tp[key] = field($0, "primal_ms"); tg[key] = field($0, "generated_ms"); th[key] = field($0, "hand_ms")
    next
}
/^mem kernel=/ {
    key = field($0, "kernel") " " field($0, "threads")
    mem[key " " field($0, "variant")] = field($0, "maxrss_kb") / 1024.0
    next
}
END {
    print "## Results"
    print ""
    print "Times in ms (minimum of 5), memory maxRSS in MB (one process per variant)."
    print "Targets: generated/hand time at most 1.2x (1 thread) or 1.5x (2 threads), memory at most 1.2x."
    print ""
    print "| kernel | size | threads | primal ms | generated ms | hand ms | generated / hand | generated / primal | hand / primal | primal MB | generated MB | hand MB | generated / hand memory | targets (time, memory) |"
    print "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    nt_ok = 0; nm_ok = 0; rows = 0
    for (t = 1; t <= 2; t++)
        for (i = 1; i <= nk; i++) {
            k = order[i]; key = k " " t
            if (!(key in tp)) continue
            rows++
            r = tg[key] / th[key]; rm = mem[key " generated"] / mem[key " hand"]
            lim = (t == 1) ? 1.2 : 1.5
            okt = (r <= lim) ? "yes" : "no"; okm = (rm <= 1.2) ? "yes" : "no"
            if (okt == "yes") nt_ok++
            if (okm == "yes") nm_ok++
            printf "| %s | %s | %d | %.1f | %.1f | %.1f | %.2fx | %.2fx | %.2fx | %.0f | %.0f | %.0f | %.2fx | %s, %s |\n",
                k, size[k], t, tp[key], tg[key], th[key], r, tg[key] / tp[key], th[key] / tp[key],
                mem[key " primal"], mem[key " generated"], mem[key " hand"], rm, okt, okm
        }
    print ""
    printf "Targets met in this run: time in %d of %d rows, memory in %d of %d rows.\n", nt_ok, rows, nm_ok, rows
    print ""
    print "## Correctness checks"
    print ""
    print "| kernel | threads | generated vs hand (max rel. difference) | dot-product test, hand (rel. error) | dot-product test, generated (rel. error) |"
    print "|---|---|---|---|---|"
    bad = 0
    for (t = 1; t <= 2; t++)
        for (i = 1; i <= nk; i++) {
            k = order[i]; key = k " " t
            if (!(key in gvh)) continue
            if (agree[key] != "agree" || okh[key] != "ok" || okg[key] != "ok" || (key in failed)) bad++
            printf "| %s | %d | %s %s | %s %s | %s %s |\n", k, t, gvh[key], agree[key],
                relh[key], okh[key] == "ok" ? "ok" : "**FAIL**", relg[key], okg[key] == "ok" ? "ok" : "**FAIL**"
        }
    print ""
    if (bad == 0 && nm == 0)
        print "All checks passed: the generated adjoints agree with the hand-written ones on every kernel, and both pass the finite-difference test."
    else {
        printf "**%d check(s) failed** (a generated adjoint that disagrees with the hand-written one, or an adjoint that fails the finite-difference test, is a correctness bug):\n\n", bad
        for (i = 1; i <= nm; i++) print "- `" mism[i] "`"
    }
    print ""
}' "$RES"

cat <<'EOF2'
## The kernels and their hand-written adjoints

The hand-written adjoints keep the primal's parallel loops (or the natural
parallel loop of the transposed computation), avoid atomics by swapping loops
or by per-thread accumulators that are summed after the loop, and store
nothing that the inputs or a recomputation give. Only Floyd-Warshall records
anything (its branch choices).

- **pointwise** (`x[i] = x[i]*x[i]` in place, `double *x`, `gradient(x : x)`):
  `xb[i] = 2 x[i] xb[i]` in one parallel loop; the input is still in `x`, so
  no tape. (The tool accepted the pointer parameter without `--extent`.)
- **gemm** (`C = alpha A B + beta C`, parallel over rows i;
  `gradient(C : A, B, C)`): `Ab += alpha Cb B^T` as dot products of rows
  (parallel over i), `Bb += alpha A^T Cb` with the loops swapped so that the
  parallel loop runs over the rows k of `Bb` (no two threads write the same
  element), `Cb = beta Cb`. No tape.
- **gemver** (four PolyBench statements in three parallel loops;
  `gradient(A, x, w : A, u1, v1, u2, v2, y, z, x, w)`): the forward sweep
  recomputes `A1` in place and `x1` in one pass over the rows (the column sums
  `A1' y` in per-thread vectors); the reverse sweep makes two passes over the
  rows of `A1` and `Ab`: `Ab += alpha wb x1'` with `xb += alpha A1' wb`, then
  `Ab += beta y xb'`, `yb += beta A1 xb`, `zb += xb` and, on the same row,
  `u1b, u2b` (dot products) and `v1b, v2b` (per-thread vectors).
- **2mm** (`tmp = alpha A B`, `D = beta D + tmp C`, each a parallel loop over
  rows; `gradient(D : A, B, C, D)`): recomputes `tmp` (the primal's first
  loop, into its work array), then `tmpb = Db C^T`, `Cb += tmp^T Db`,
  `Db = beta Db`, `Ab += alpha tmpb B^T`, `Bb += alpha A^T tmpb`; the
  products into `Cb` and `Bb` run in parallel over their rows (loops swapped),
  the others as dot products over the rows of the result. `tmpb` is zeroed
  on exit. No tape.
- **atax** (`tmp = A x`, `y = A^T tmp`; `gradient(y : A, x)`): PolyBench
  accumulates `y` over the rows, which races; the kernel computes `y` in its
  own parallel loop over columns instead. The hand-written adjoint makes one
  pass over the rows of `A` and `Ab`: two dot products per row (`tmp_i` and
  `tmpb_i`), `Ab[i] += tmp_i yb + tmpb_i x`, and `xb += tmpb_i A[i]` into a
  per-thread vector.
- **bicg** (`s = A^T r` parallel over columns, `q = A p` parallel over rows;
  `gradient(s, q : A, r, p)`): one pass over the rows of `A` and `Ab`:
  `Ab[i] += r_i sb + qb_i p`, `rb_i += A[i].sb`, `pb += qb_i A[i]` into a
  per-thread vector.
- **doitgen** (`A[r][q][:] = A[r][q][:] C4`, parallel over r;
  `gradient(A : A, C4)`): the work array `sum` has one row per (r, q)
  (`sum[nr][nq][np]`) so that the loop over r is parallel; PolyBench's
  `sum[np]` made private is refused (see below). Hand-written: per (r, q),
  `g = Ab[r][q]` (a local copy), `Ab[r][q] = C4 g`, `C4b += A[r][q] g^T`
  into a per-thread np x np matrix. `A` still holds the input: no tape, and
  `sum` is not used.
- **trmm** (`B = alpha A^T B`, A unit lower triangular, PolyBench's loop order
  with the loop over the columns j parallel inside the sequential loop over
  the rows i; `gradient(B : A, B)`): row i of the result reads only input
  rows, so the adjoint needs no tape: `Ab[k][i] += alpha Bb[i].B[k]` (k > i,
  dot products, parallel over k with a dynamic schedule), then
  `Bb[i] = alpha (Bb[i] + sum_{k<i} A[i][k] Bb[k])` in place from the last row
  up, each thread on its own block of columns.
- **jacobi2d** (PolyBench jacobi-2d, `A -> B -> A` per time step, sequential
  `t` loop around two parallel loops over rows; `gradient(A, B : A, B)`):
  the stencil is linear, so the adjoint needs no primal value and no
  trajectory: time steps in reverse, each two half steps that apply the
  transposed 5-point stencil as a gather (each thread writes its own rows; the
  reset of the adjoint of the overwritten interior is folded into the next
  half step). Memory: one row of zeros.
- **heat3d** (PolyBench heat-3d, same structure, 7-point update;
  `gradient(A, B : A, B)`): as jacobi2d, linear, no trajectory; the
  transposed update is 0.25 at the centre and 0.125 at the six neighbours,
  gathered over interior points.
- **floyd** (Floyd-Warshall on doubles, `path[i][j] = path[i][j] <= path[i][k]
  + path[k][j] ? path[i][j] : path[i][k] + path[k][j]`, ties keep
  `path[i][j]`; parallel over i inside the sequential loop over k;
  `gradient(path : path)`): the hand-written adjoint runs the primal forward
  and records **one bit per (k, i, j)**, whether the sum was taken (n^3/8
  bytes; it does not store `path` per k). With a non-negative diagonal, row k
  and column k do not change in step k, so their bits are 0; the reverse
  sweep, k from n-1 down and parallel over i, moves `pathb[i][j]` of each set
  bit to `pathb[i][k]` (the thread's own row) and to `pathb[k][j]` through a
  per-thread row summed after the loop. Inputs: weights in [1, 100) off the
  diagonal, [0.5, 1) on it (no ties, many two-edge improvements).

## Kernel forms the tool refused, and what the kernels use instead

- gemver, jacobi2d, heat3d: written when an overwritten independent had to be
  a dependent too, they list every overwritten independent among the
  dependents. The tool no longer needs that for C arrays whose extents are
  declared (an adjoint array of its own on the heap, added to the caller's at
  the end); the kernels keep their annotations so that the timings stay
  comparable with earlier runs.
- doitgen with PolyBench's `double sum[np]` parameter made private to the
  parallel loop: `error: active array 'sum' is private to the parallel loop:
  its adjoint cannot be made private per iteration; use scalars or a shared
  array indexed by the loop counter`; with `double sum[np];` local to the
  loop body: `error: local array 'sum' must have a constant size;
  variable-length local arrays are not supported (pass the array as a
  parameter)`. The kernel passes `sum[nr][nq][np]`. (PolyBench's sequential
  form with `parallel for` over p inside the (r, q) loops is accepted.)
- trmm is accepted; its adjoint nest is interchanged so that the increments
  of `Ab[k][i]` that collide between the primal's iterations j and j' are
  owned by the iterations over k (`race-owned`, see `results/differentiate.txt`).
- Everything else was accepted as first written. Floyd-Warshall's parallel
  loop over i draws the warning that the primal loop is not proven race-free
  (iteration i = k writes row k, which the others read; it writes the value it
  read when `path[k][k] >= 0`, which the analysis cannot know), and the
  information `race-pinned-step`: every conflict comes from the iteration
  i = k, so the generated adjoint tests each step at run time, from the
  directions it recorded, whether that iteration kept its whole row (see
  the floyd note below). `fmin(path[i][j], path[i][k] + path[k][j])` is
  accepted as well (it records no directions, so every step stays
  protected); the kernel uses the conditional.

## Notes on reading the table

- The generated adjoints' extra memory is their tape. Pointwise, gemm,
  gemver, 2mm, atax, bicg and doitgen keep none: their parallel loops do not
  run in the forward sweep (nothing after them reads their results), and no
  adjoint iteration reads back what it overwrote. trmm keeps none either:
  row i of the result is written by iteration i of the loop over rows, and
  every later iteration reads only rows beyond its own, so the parallel loop
  does not run in the forward sweep and every value the adjoint reads is the
  one the function was called with (before this, it saved each row before
  overwriting it). jacobi2d and heat3d are linear: nothing is recorded.
  floyd records, as the hand-written adjoint does, one bit per (k, i, j):
  which side of the conditional each element took (`BranchRecords`, a word
  of 64 directions gathered in a register per 64 elements of a row; the
  reverse sweep visits only the elements that took the sum, from the
  highest bit of a word down); before,
  it saved the whole of `path` at every k (n^3 doubles: 254 MB at n = 320)
  and each adjoint iteration replayed its row on a tape of its own. The tape grows by doubling with
  `realloc`, so its capacity can be up to twice the values stored, and a
  `realloc` briefly holds the old and the new block.
- The stencils' scatters (jacobi2d, heat3d) are written as gathers by the
  generated adjoints (`--race-strategy private`, the default): a loop nest of
  their own per adjoint array in which each point sums what its neighbours'
  iterations would have added, edges tested and the interior a plain sum, then
  a loop that resets the seed. jacobi2d went from 4.7x to 1.5x the
  hand-written time with 1 thread (14x to 1.4x with 2), heat3d from 4.0x to
  2.2x (11.5x to 1.9x), against the page's run before this change. The
  reset of the adjoint overwritten in a time step is folded into the next
  half step's gather (`FoldedResets`: its central region sets instead of
  incrementing, the reset skips it), as the hand-written ones do. Paired
  runs of the adjoints before and after (interleaved, 1 thread, load about
  1 to 2, 2026-11-27): heat3d 59-80 ms -> 47-51 ms, jacobi2d 27-40 ms ->
  21-24 ms; the single runs of the table vary about as much between pages.
  Since then the gather's edges split the levels inside them too (a face of
  heat3d's gather tests one counter instead of three; removing the boundary
  regions altogether had shown them to cost about 40% of the adjoint), each
  loop folds the conditions its range decides, and the reset that ends a time
  step folds into the next step's gather (it runs whole only after the last
  step): paired runs at 1 thread (6 each, load 5 to 7, 2026-11-27) put
  heat3d's generated/hand at a median of 1.15-1.28 against 1.66-1.85 before,
  and this page's run at 1.00 / 1.11 (1 / 2 threads).
- Other increments that may collide between iterations (gemm's `Bb`, atax's
  `xb`, bicg's `pb`, gemver's `xb`, `v1b`, `v2b`, 2mm's `Cb` and `Bb`,
  doitgen's `C4b`) are accumulated per thread by the
  generated adjoints (`--race-strategy private`, the default): thread 0
  adds into the adjoint array itself, the other threads into zeroed copies
  (`calloc` per execution of the loop) that are summed into it in parallel
  after the loop, as the hand-written adjoints do with `hand_util.h`. floyd's
  race-free steps accumulate only row k per thread (its adjoint loop also
  reads and resets the other rows of `pathb`); its other steps keep `omp
  atomic`.
  With 1 thread nothing is allocated; with 2 threads the copies add one
  array's size while the loop runs (their pages count in maxRSS once a
  thread touches them), as the hand-written per-thread vectors do.
- Before the per-thread accumulation (every such increment `omp atomic`;
  the run of 2026-11-25 23:56 UTC at commit 2887c78, load about 1.2), the
  generated/hand time ratios were, with 1 / 2 threads: gemm 10.80 / 10.10,
  gemver 7.93 / 11.43, 2mm 12.99 / 12.13, atax 14.63 / 11.59, bicg
  17.53 / 19.43, doitgen 22.11 / 21.60, trmm 7.25 / 8.74, jacobi2d
  20.29 / 27.63, heat3d 17.96 / 22.34, floyd 34.73 / 41.84, pointwise
  0.95 / 1.06. The atomic adjoints committed before this change, timed again
  right after the run on this page with 1 thread (same machine, similar load,
  one run of `bench_main time`), took in ms: gemm 809, gemver 259, 2mm 589, atax 341,
  bicg 446, doitgen 347, jacobi2d 984, heat3d 1111 (against 540, 145, 152,
  331, 209, 90, 152, 159 with per-thread accumulation, in the run before
  this page's). The 2-thread rows of that run were
  taken at a load of 6 on 2 CPUs (the primals are slower with 2 threads than
  with 1) and say little.
- An adjoint element incremented at indices an inner loop does not change
  (gemm's `Ab[i][k]` in the loop over j, 2mm's products likewise) sums into a
  private scalar and takes the sum once after that loop, as a hand-written
  dot product does: gemm went from about 10x to 1.7x the hand-written time
  with this (the run of this page against the one before it, same day).
- The generated adjoints choose the loop order of their two-deep nests of
  increments (`loop-interchanged` in `results/differentiate.txt`, see
  DESIGN.md): atax's and bicg's adjoints of the loop over columns run over
  rows (`Ab[i][j]`, `A[i][j]` contiguous, `tmpb[i]`/`rb[i]` owned by the
  row's iteration and summed in a private scalar, no per-thread copies; the
  reset of `yb`/`sb` in a loop of its own), gemver's adjoint of
  `x += beta A' y` runs over the rows j of `A` and owns `yb[j]` (`zb += xb`
  in a loop of its own), and the sequential (p, s) nest of doitgen and the
  (j, k) nests of 2mm inside their parallel loops put the counter of the
  last dimension innermost (`C4`/`C4b`, `C`/`Cb`, `B`/`Bb` contiguous, `Ab`
  and `tmpb` rows summed per k). Before this (the run of 2026-11-26 12:24
  UTC at commit 89e1860, load about 1), generated/hand was, with 1 / 2
  threads: atax 15.49 / 12.18, bicg 18.03 / 13.99, gemver 9.40 / 8.58,
  doitgen 8.27 / 5.82, 2mm 3.19 / 4.50, gemm 2.32 / 2.14, trmm 7.03 / 9.03.
- A private sum of such increments is reduced per SIMD lane
  (`#pragma omp simd reduction(+: pa_sum)` on its loop, where the loop's
  iterations are otherwise independent): without it gcc keeps the
  floating-point sum in order and does not vectorise the loop. gemm's
  adjoint went from about 99 ms to 34 ms with 1 thread with this (hand 37),
  2mm's from 62 to 35, doitgen's from 23 to 10 (`bench_main time`, one run
  each, same machine, load about 3.5).
- Consecutive parallel loops of a derivative over the same rows run as one
  loop when each iteration touches only elements of its own in all of them
  (`loops-fused` in `results/differentiate.txt`): atax's forward sweep
  (`tmp[i]`, summed in a register in the primal's order) and both adjoint
  loops, bicg's two adjoint loops, 2mm's forward sweep and its two adjoint
  loops now make one pass over the rows of their matrices; inside an
  iteration, bicg's and gemver's inner loops over the same row run as one
  loop whose increments of one element of `Ab` are merged (`FusedLanes`). 2mm's forward
  sweep also recomputes `tmp` with its (j, k) loops interchanged (bit for
  bit the primal's values: each element still receives its terms in k order).
  trmm's adjoint reads `Bb[i][j]` beside the increments of `Bb[k][j]`,
  `k > i`, which never reach it: no temporary, and the nest runs in parallel
  over the rows k it increments (`Ab[k][i]` summed per row, no atomics).
  Before these changes (the run of 2026-11-26 20:03 UTC at commit df68f5a,
  load about 2), generated/hand was, with 1 / 2 threads: atax 2.00 / 1.47,
  bicg 2.03 / 1.52, 2mm 1.81 / 2.52, gemver 1.77 / 1.28, trmm 7.47 / 74.11,
  and trmm's adjoint took 8 MB against 7.
- Tried and dropped: moving atax's adjoint sum `A[i][j] yb[j]` into the
  pass of the primal's in-order sum `tmp[i]`, so that the two updates of
  `Ab` fuse (two passes per row, as by hand): 21 ms -> 27 ms with 1 thread
  (three interleaved runs each, load about 2.5), since that sum then runs in
  the primal's order instead of vectorised beside the first update.
- What still separates them from the hand-written ones: the hand-written
  atax sums `tmp[i]` and `tmpb[i]` vectorised (reassociating the primal's
  sum, which the generated forward sweep does not do: it keeps the primal's
  order, bit for bit); the generated one now sums eight rows' `tmp[i]` at
  once, each in its order (`InterleavedSums`: eight independent chains of
  additions instead of one, whose latency had set the pace; paired runs at
  1 thread, load about 7, generated/hand medians 1.19 -> 0.97); gemver's forward sweep recomputes `x` with the
  primal's column walk of `A`, which the hand-written one replaces by
  per-thread column sums over rows; the generated forward sweep now runs that
  walk in blocks of 64 columns with the update of `A` fused in
  (`ColumnWalks`: one pass over `A` by rows, the primal's sums in their
  order; paired runs at 1 thread, load about 3: 1.60 -> 1.22; tiling without
  the fusion, tried on a hand-edited copy, changed nothing), and what is left
  is the hand-written forward sweep's reassociated column sums against the
  generated one's sums in the primal's order; floyd's forward sweep (see the
  floyd note below).
- floyd: the primal loop is not proven race-free (iteration i = k writes row
  k, which the others read), and the hand-written adjoint simply assumes a
  non-negative diagonal. The generated one decides it per step, from the
  directions it recorded (`race-pinned-step`, RACE-ANALYSIS.md, *Pinned
  iterations*): when iteration k kept its whole row, the step's adjoint runs
  without atomics (own rows plain, row k's increments into a per-thread copy
  of that row, summed after the loop, then iteration k alone); otherwise
  every access of `pathb` is protected, the iterations from the last down.
  With this page's inputs every step takes the first branch. Its reverse
  sweep also visits only the elements that took the sum (2.4 % of them here)
  instead of testing every bit of a word that has one. Paired, interleaved
  runs of `bench_main time floyd 320` (6 per variant, 2026-11-27 10:01 UTC,
  load 6.5 to 7.8 on the 2 CPUs), median generated/hand with 1 thread: all
  protected 2.50, steps decided 2.30, and with the visits of taken elements
  only 1.59 (perf samples of the same processes, which count CPU time only:
  2.39, 2.29, 1.61 with 1 thread; 2.69, 1.63, 1.50 with 2); again at 10:11
  UTC, load 2.1 to 4.4: 2.60, 2.25, 1.58 with 1 thread (medians of 33.6,
  31.5, 23.5 ms against 13.7 to 14.6 ms by hand); at 10:19 UTC, load 2.8 to
  3.6 (5 runs each): 2.49, 2.12, 1.62 with 1 thread and 2.97, 2.18, 1.54
  with 2 threads (medians of 29.1, 24.7, 18.9 ms against 10.5 to 11.0 ms by
  hand). The earlier runs' 2-thread wall times swung by 5x between
  repetitions and are not quoted. Since then: 64 directions to a word
  (`pa_flags`: the forward sweep handles half as many words); the forward
  sweep reads `path[i][k]` from a local outside the iteration j = k that may
  rewrite it (`PinnedReads`, the row's words split there: what the
  hand-written sweep does by assuming `path[k][k] >= 0`); the reverse sweep
  takes each visited bit from its word (`while (pa_fw != 0ULL) { j = ... +
  pa_take_highest_bit(&pa_fw); ...}`, one count of leading zeros per visit)
  and sums the row's increments of `pathb[i][k]` in a register, added to
  `pathb[i][k]` just before the visit of j = k reads it and after the row
  (`FlushedSums`: `if (j == k) { pathb[i][k] += pa_sum; pa_sum = 0.0; }`).
  The last two, paired and interleaved (8 runs each, minimum, n = 320,
  1 thread, load 0.4 to 1.9, 2026-11-27 15:05 UTC): generated 15.18 ms
  against 12.56 by hand (1.21x) before, 14.30 against 12.41 (1.15x) after;
  the walk alone took 0.3 ms off, the register sum alone 0.2 ms, both 0.9 ms.
  Floyd's generated adjoint passes the check 200 times in a row at 2 threads
  (`bench_main check floyd 70`).
- The hand-written adjoints of gemver, 2mm, atax, bicg and doitgen are
  faster than their primals: the primals keep PolyBench's loop orders, which
  walk columns of row-major matrices (gemver's `A[j][i]`, 2mm's `B[k][j]`
  and `C[k][j]` with k innermost, doitgen's `C4[s][p]` with s innermost,
  atax's and bicg's loops over columns), and the hand-written adjoints
  traverse rows.
EOF2
