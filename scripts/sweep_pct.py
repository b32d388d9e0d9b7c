#!/usr/bin/env python3
"""% of the read bound of every (variant, device) by column count, one table per matrix size,
from `duet bench --sizes sweep --json` files of one op (the read kernel's points of the same
run are the bound). A point that failed its check is marked `!`; an unchecked one is plain.

    scripts/sweep_pct.py sweep.json [more.json ...]
"""
import collections, gzip, json, sys

rows = collections.defaultdict(dict)
cols = []
for f in sys.argv[1:]:
    for m in json.load((gzip.open if f.endswith('.gz') else open)(f, 'rt'))['measurements']:
        if m['op'] == 'read':
            continue
        c = m['case']
        mib = round(c['n'] * c['d'] * 4 / 2**20)
        key = (m['variant'], m['device'])
        if key not in cols:
            cols.append(key)
        rows[(mib, c['d'])][key] = m
for mib in sorted({k[0] for k in rows}):
    print(f"== {mib} MiB (% of read)")
    print(f"{'k':>5} | " + ' '.join(f"{v[:12]:>12}@{d.split(':')[0][:2]}" for v, d in cols))
    for k in sorted(k for k in rows if k[0] == mib):
        cells = []
        for key in cols:
            m = rows[k].get(key)
            if not m or not m.get('pct_of_read'):
                cells.append(f"{'-':>15}")
                continue
            bad = '!' if m.get('check_ratio') is not None and not m.get('check_passed') else ' '
            cells.append(f"{m['pct_of_read']:>14.0f}{bad}")
        print(f"{k[1]:>5} | " + ' '.join(cells))
