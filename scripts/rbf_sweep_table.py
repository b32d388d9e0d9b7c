#!/usr/bin/env python3
"""% of the read bound of RBF rows by column count, one table per matrix size, from
`duet bench --sizes sweep --op rbf --json` files: the row-major rungs (`row_major`, `row_lanes`)
and the column-major default (`default`) through wgpu:0 and opencl:1 side by side, the
wgpu/OpenCL time ratio of `row_lanes`, and `row_lanes`' speed-up over `row_major`; then the
row-major default (`default_row_major`: the rung the library picks) where it was measured.

    scripts/rbf_sweep_table.py sweep.json [more.json ...]
"""
import gzip,json,sys,collections
rows=collections.defaultdict(dict); reads={}
for f in sys.argv[1:]:
    for m in json.load((gzip.open if f.endswith('.gz') else open)(f, 'rt'))['measurements']:
        c=m['case']; n,d=c['n'],c['d']
        if m['op']=='read':
            reads[(m['device'],n)]=m['gbps']; continue
        mib=round(n*d*4/2**20)
        rows[(mib,d)][(m['variant'],m['device'])]=m
for mib in sorted(set(k[0] for k in rows)):
    # An unchecked point (--no-check) has no check_ratio (JSON null).
    checks = [m['check_passed'] if m['check_ratio'] is not None else None
              for k in rows if k[0] == mib for m in rows[k].values()]
    verdict = 'not checked' if None in checks else 'every point within its bound' if all(checks) else 'A CHECK FAILED'
    print(f"== {mib} MiB  (% of read; against the CPU reference: {verdict})")
    print(f"{'k':>5} | {'rm wg':>6} {'rl wg':>6} {'def wg':>6} | {'rm cl':>6} {'rl cl':>6} {'def cl':>6} | w/cl rl | rl/rm wg  rl/rm cl")
    for k in sorted(k for k in rows if k[0]==mib):
        r=rows[k]
        def p(v,dv):
            m=r.get((v,dv)); return f"{m['pct_of_read']:.0f}" if m and m['pct_of_read'] else '-'
        def t(v,dv):
            m=r.get((v,dv)); return m['gpu_median_s'] if m else None
        w=r.get(('row_lanes','wgpu:0'))
        sp=lambda dv: (f"{t('row_major',dv)/t('row_lanes',dv):.2f}" if t('row_major',dv) and t('row_lanes',dv) else '-')
        print(f"{k[1]:>5} | {p('row_major','wgpu:0'):>6} {p('row_lanes','wgpu:0'):>6} {p('default','wgpu:0'):>6} | {p('row_major','opencl:1'):>6} {p('row_lanes','opencl:1'):>6} {p('default','opencl:1'):>6} | {w['wgpu_over_opencl'] if w else 0:7.2f} | {sp('wgpu:0'):>6} {sp('opencl:1'):>8}")
    if any(('default_row_major', dv) in rows[k] for k in rows if k[0] == mib for dv in ('wgpu:0', 'opencl:1')):
        print(f"-- {mib} MiB, the row-major default (% of read, wgpu / OpenCL, the wgpu/OpenCL time ratio)")
        for k in sorted(k for k in rows if k[0]==mib):
            r=rows[k]
            w=r.get(('default_row_major','wgpu:0')); c=r.get(('default_row_major','opencl:1'))
            f=lambda m: f"{m['pct_of_read']:.0f}" if m and m['pct_of_read'] else '-'
            print(f"{k[1]:>5} | {f(w):>4} {f(c):>4} | {w['wgpu_over_opencl'] if w and w['wgpu_over_opencl'] else 0:5.2f}")
