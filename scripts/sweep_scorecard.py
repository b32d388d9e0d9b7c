#!/usr/bin/env python3
"""Issue 13's targets scored over a shape sweep as a user gets it: `duet bench --sizes sweep
--op logreg,rbf --variant default,default_row_major --json` files, one per size and backend
(wgpu and OpenCL on the same GPU; the read kernel's points of each file are its bound).

    scripts/sweep_scorecard.py sw-*.json.gz

Prints, as Markdown: % of the read bound by op, size and column count (wgpu / OpenCL); the
points at or above 85 % from 64 MiB; the wgpu/OpenCL time ratios over 1.15; and at the
cache-resident sizes (at most 24 MiB) the op's GB/s over the DRAM read bandwidth (the read
kernel's GB/s at the largest size of the files, per backend).
"""
import collections, gzip, json, sys

LABEL = {('logreg', 'default'): 'gradient', ('rbf', 'default'): 'RBF col-major',
         ('rbf', 'default_row_major'): 'RBF row-major'}
points = collections.defaultdict(dict)  # (label, mib, cols) -> backend -> measurement
reads = collections.defaultdict(dict)   # backend -> elements -> GB/s
for f in sys.argv[1:]:
    for m in json.load((gzip.open if f.endswith('.gz') else open)(f, 'rt'))['measurements']:
        backend = m['device'].split(':')[0]
        c = m['case']
        if m['op'] == 'read':
            reads[backend][c['n']] = m['gbps']
            continue
        label = LABEL.get((m['op'], m['variant']))
        if label is None:
            continue
        mib = round(c['n'] * c['d'] * 4 / 2**20)
        points[(label, mib, c['d'])][backend] = m

labels = [l for l in LABEL.values() if any(k[0] == l for k in points)]
sizes = sorted({k[1] for k in points}, reverse=True)
allcols = sorted({k[2] for k in points})


def pct(m):
    return f"{m['pct_of_read']:.0f}" if m and m.get('pct_of_read') else '–'


print('% of the read bound, wgpu / OpenCL:\n')
for half in (allcols[:len(allcols) // 2 + 1], allcols[len(allcols) // 2 + 1:]):
    print('| op, MiB | ' + ' | '.join(str(c) for c in half) + ' |')
    print('|---|' + '---|' * len(half))
    for label in labels:
        for mib in sizes:
            cells = []
            for c in half:
                p = points.get((label, mib, c))
                cells.append(f"{pct(p.get('wgpu'))} / {pct(p.get('opencl'))}" if p else '')
            if any(cells):
                print(f'| {label}, {mib} | ' + ' | '.join(cells) + ' |')
    print()

print('Points at or above 85 % of the read bound (from 64 MiB), wgpu / OpenCL:\n')
print('| op | ' + ' | '.join(f'{mib} MiB' for mib in sizes if mib >= 64) + ' |')
print('|---|' + '---|' * sum(1 for mib in sizes if mib >= 64))
misses = []
for label in labels:
    cells = []
    for mib in (s for s in sizes if s >= 64):
        here = [(c, points[(label, mib, c)]) for c in allcols if (label, mib, c) in points]
        counts = []
        for b in ('wgpu', 'opencl'):
            ok = [c for c, p in here if p.get(b) and p[b].get('pct_of_read', 0) >= 85]
            bad = [(c, p[b]['pct_of_read']) for c, p in here
                   if p.get(b) and p[b].get('pct_of_read', 0) < 85]
            misses += [(label, mib, b, c, v) for c, v in bad]
            counts.append(str(len(ok)))
        cells.append(' / '.join(counts) + f' of {len(here)}')
    print(f'| {label} | ' + ' | '.join(cells) + ' |')
print('\nMisses (op, MiB, backend: columns % …):\n')
by = collections.defaultdict(list)
for label, mib, b, c, v in misses:
    by[(label, mib, b)].append(f'{c} {v:.0f}')
for (label, mib, b), v in sorted(by.items(), key=lambda kv: (kv[0][0], -kv[0][1], kv[0][2])):
    print(f'- {label}, {mib} MiB, {b}: ' + ', '.join(v))

print('\nwgpu/OpenCL time ratio over 1.15 (op, MiB: columns ratio …):\n')
total = within = 0
over = collections.defaultdict(list)
for (label, mib, c), p in sorted(points.items()):
    if 'wgpu' in p and 'opencl' in p:
        total += 1
        r = p['wgpu']['gpu_median_s'] / p['opencl']['gpu_median_s']
        if r <= 1.15:
            within += 1
        else:
            over[(label, mib)].append(f'{c} {r:.2f}')
print(f'{within} of {total} pairs within 1.15.\n')
for (label, mib), v in sorted(over.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
    print(f'- {label}, {mib} MiB: ' + ', '.join(v))

small = [s for s in sizes if s <= 24]
if small:
    print('\nCache-resident sizes, the op\'s GB/s over the DRAM read bandwidth (the read kernel at '
          'the largest size), wgpu / OpenCL:\n')
    dram = {b: r[max(r)] for b, r in reads.items()}
    print(', '.join(f'DRAM read {b}: {v:.0f} GB/s' for b, v in sorted(dram.items())) + '\n')
    for label in labels:
        for mib in small:
            xs = []
            for c in allcols:
                p = points.get((label, mib, c))
                if not p:
                    continue
                xs.append(f"{c} " + ' / '.join(
                    f"{p[b]['gbps'] / dram[b]:.2f}" if b in p else '–' for b in ('wgpu', 'opencl')))
            ok = sum(1 for c in allcols if (label, mib, c) in points and all(
                b in points[(label, mib, c)] and points[(label, mib, c)][b]['gbps'] / dram[b] >= 1.5
                for b in ('wgpu', 'opencl')))
            print(f'- {label}, {mib} MiB ({ok} of {len(xs)} at ≥ 1.5× on both): ' + ', '.join(xs))
