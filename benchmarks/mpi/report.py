#!/usr/bin/env python3
"""docs/BENCHMARKS-mpi.md from results/run.txt (benchmarks/mpi/run.sh writes both)."""
import re
import sys

lines = open(sys.argv[1]).read().splitlines()
header = [l[2:] for l in lines if l.startswith('# ')]
checks = [l for l in lines if l.startswith('check ')]
VARIANTS = ('primal', 'generated', 'hand')
best = {}
rss = {}
for l in lines:
    if not l.startswith('time '):
        continue
    f = dict(kv.split('=') for kv in l.split()[1:])
    key = (int(f['ny']), int(f['nc']), int(f['steps']), f['variant'], int(f['ranks']), int(f['threads']))
    best[key] = min(best.get(key, float('inf')), float(f['seconds']))
    rss[key] = max(rss.get(key, 0), int(f['max_rss_kb']))

grid_line = next(h for h in header if h.startswith('grids'))
grids = [tuple(int(x) for x in g.split('x')) for g in grid_line.split(':', 1)[1].split()]


def runs(grid):
    """Times and memory of the runs on grid: {(variant, ranks, threads): seconds}."""
    ny, nc, steps = grid
    return ({(v, r, t): s for (y, c, st, v, r, t), s in best.items() if (y, c, st) == grid},
            {(v, r, t): m for (y, c, st, v, r, t), m in rss.items() if (y, c, st) == grid})


def one_rank(grid, columns, variant):
    """The time of one rank, one thread on grid's rows and steps with columns columns."""
    return best.get((grid[0], columns, grid[2], variant, 1, 1))


out = []
out.append('# Benchmarks: MPI (the heat solver of the OpDiLib study, across ranks)')
out.append('')
out.append('`examples/mpi/heat.c`: the 2-D five-point heat solver with its columns decomposed over MPI ranks '
           '(ghost columns packed and exchanged with `MPI_Sendrecv` every step, periodic), its rows shared by '
           'OpenMP threads, T steps, the output the global sum of squares (`MPI_Allreduce`). Variants: the '
           'primal, the adjoint paradjoint generates (`paradjoint differentiate examples/mpi/heat.c`, defaults) '
           'and a careful hand-written adjoint (`benchmarks/mpi/hand/heat_hand.c`: no tape, the transposed '
           'stencil gathered without atomics, the reversed halo exchange). Strong scaling: the same grid at '
           'every rank count. Reproduce with `benchmarks/mpi/run.sh` (it regenerates this page).')
out.append('')
out.append('## Machine and run')
out.append('')
for h in header:
    out.append('- ' + h)
out.append('- time: the faster of two calls in one process, the slowest rank\'s, minimum over 5 processes '
           '(rounds interleaved); memory: the largest peak resident set of a rank (`getrusage`), whole process')
out.append('')
out.append('## Agreement of the two adjoints')
out.append('')
for c in checks:
    out.append('- `' + c + '`')
out.append('')
out.append('## Time and memory')
out.append('')
targets = []
splits = []
for grid in grids:
    ny, nc, steps = grid
    times, mem_kb = runs(grid)
    configs = sorted({(r, t) for (_, r, t) in times}, key=lambda c: (c[0] * c[1], c[0], c[1]))
    base = configs[0] if configs else None
    out.append('### %d rows x %d columns, %d steps' % grid)
    out.append('')
    out.append('| ranks x threads | primal s | generated adjoint s | hand adjoint s | generated / primal | hand / primal '
               '| generated / hand | primal speed-up | generated speed-up | peak RSS per rank: primal / generated / hand (MB) |')
    out.append('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|')
    goals = []
    for (r, t) in configs:
        p, g, h = (times.get((v, r, t)) for v in VARIANTS)
        if None in (p, g, h):
            continue
        sp = times[('primal',) + base] / p
        sg = times[('generated',) + base] / g
        mem = ' / '.join('%.0f' % (mem_kb[(v, r, t)] / 1024) for v in VARIANTS)
        over = ' (oversubscribes 2 cores)' if r * t > 2 else ''
        out.append('| %dx%d%s | %.4f | %.4f | %.4f | %.2f | %.2f | %.2f | %.2f | %.2f | %s |'
                   % (r, t, over, p, g, h, g / p, h / p, g / h, sp, sg, mem))
        if r * t > 2:
            continue
        missed = []
        if g / p > 3:
            missed.append('adjoint %.2fx the primal' % (g / p))
        if g / h > 1.2:
            missed.append('%.2fx the hand-written one' % (g / h))
        above = ''
        if (r, t) != base and sg < 0.85 * sp:
            missed.append('speed-up %.2f against the primal\'s %.2f' % (sg, sp))
        elif (r, t) != base and sg > 1.15 * sp:
            # scaling better than the primal is no shortfall, but not "the same" either: say so
            above = ' (speed-up %.2f, above the primal\'s %.2f)' % (sg, sp)
        goals.append('%dx%d %s' % (r, t, 'met' + above if not missed else 'not met (' + ', '.join(missed) + ')'))
    targets.append('%dx%dx%d: %s' % (grid + ('; '.join(goals),)))
    out.append('')
    # the speed-up over 2 ranks, split into what half the data gains one process and what 2 ranks cost
    rows = []
    for v in VARIANTS:
        full, half, two = one_rank(grid, nc, v), one_rank(grid, nc // 2, v), times.get((v, 2, 1))
        narrow = one_rank(grid, 2, v)
        if None in (full, half, two, narrow):
            continue
        rows.append((v, full, half, two, narrow))
    if rows:
        out.append('Speed-up at 2x1 = size x ranks: size = 1x1 time / time of one rank on half the columns (what '
                   'one process gains from half the data), ranks = that / 2x1 time (what running as 2 ranks costs, '
                   '1 when nothing). Narrow: one rank on 2 columns, the work of a rank that does not shrink with '
                   'its columns (halo packing, messages, tape of the ghost columns).')
        out.append('')
        out.append('| variant | 1x1 s | 1x1, %d columns s | 2x1 s | speed-up 2x1 | size | ranks | narrow s | narrow / 2x1 |'
                   % (nc // 2))
        out.append('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
        for (v, full, half, two, narrow) in rows:
            out.append('| %s | %.4f | %.4f | %.4f | %.2f | %.2f | %.2f | %.5f | %.1f%% |'
                       % (v, full, half, two, full / two, full / half, half / two, narrow, 100 * narrow / two))
        out.append('')
        split = {v: (full / two, full / half, half / two, narrow / two) for (v, full, half, two, narrow) in rows}
        splits.append((grid, split))
generated = open('generated/heat_b.c').read()
atomics = generated.count('omp atomic')
out.append('## Reading')
out.append('')
out.append('- Both adjoints agree with each other to rounding on every rank count (above), and the generated one '
           'passes `paradjoint check --ranks 1,2,4` (MpiExamplesTest).')
gathered = open('results/differentiate.txt').read().count('written as a gather')
out.append('- The communication costs little in either adjoint: per step two `MPI_Sendrecv` of one column each '
           'way. The cost is in the stencil loop, whose adjoint increments of `ub` can collide between rows. '
           'The generated adjoint writes them as a gather (%d increments noted `written as a gather` in '
           '`results/differentiate.txt`, %d `omp atomic` left in `generated/heat_b.c`): the flattened index '
           '`u[AT(i, j)]`, `i * (nc + 2) + j`, is seen as the pair `(i, j)` since the columns it reaches, '
           '`0 .. nc + 1`, lie inside a row of `nc + 2`. Beside the gather it records the ghost columns it '
           'overwrites each step and the initial copy on its tape, which the hand-written adjoint does not '
           'need.' % (gathered, atomics))
out.append('- The targets of the issue (adjoint at most 3x the primal, within 1.2x of the hand-written one, the '
           'same speed-up as the primal within 15%%), as measured here: %s.' % ' | '.join(targets))
for grid, split in splits:
    if 'primal' not in split or 'generated' not in split:
        continue
    p, g = split['primal'], split['generated']
    out.append('- %dx%dx%d, the speed-up over 2 ranks split: primal %.2f = size %.2f x ranks %.2f, generated adjoint '
               '%.2f = size %.2f x ranks %.2f; the work of a rank that does not shrink with its columns is %.1f%% '
               'of the generated adjoint\'s 2x1 time (%.1f%% of the primal\'s).'
               % (grid + (p[0], p[1], p[2], g[0], g[1], g[2], 100 * g[3], 100 * p[3])))
    if g[0] > 1.15 * p[0]:
        out.append('  The generated adjoint\'s speed-up is above the primal\'s on this grid.')
    elif g[0] >= 0.85 * p[0]:
        out.append('  The generated adjoint\'s speed-up is within 15% of the primal\'s on this grid.')
    elif g[2] >= 0.95 * p[2]:
        out.append('  The generated adjoint loses no more than the primal to running on 2 ranks (ranks %.2f against '
                   '%.2f): the gap is the primal\'s larger gain from half the data, in one process (size %.2f '
                   'against %.2f; above 2, its time per grid point falls when a process holds fewer columns: a '
                   'cache effect). It is no work that the adjoint does on each rank beyond its share.'
                   % (g[2], p[2], p[1], g[1]))
    else:
        out.append('  The generated adjoint loses more than the primal to running on 2 ranks (ranks %.2f against '
                   '%.2f).' % (g[2], p[2]))
loads = [float(h.split(':')[1].split()[0]) for h in header if h.startswith('load average')]
if loads and max(loads) > 2:
    out.append('- The machine was shared during this run (load average up to %.1f on 2 CPUs): runs of 2 threads '
               'or 2 ranks competed with other work, so their times and speed-ups measure that contention more '
               'than scaling, and the times of one variant vary by up to 2x between runs of this script.' % max(loads))
out.append('- 2x2 runs four processes of two threads on two cores: its times measure oversubscription, not '
           'scaling.')
out.append('')
print('\n'.join(out))
