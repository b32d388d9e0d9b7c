#!/usr/bin/env bash
# Session 57's diagnostic builds (not committed code): applies to the working tree of f78e431
# f (duet-nofn: no device fence in the finishes), p (duet-plain: plain f32 slots); duet-batch is
# batch.diff (sum_slots with sixteen loads in flight). Build, strip, then `git checkout shaders/`.
set -e
cd /work/main
if [[ $1 == *f* ]]; then
  # finish_pass in logreg.wgsl (lines between 'fn finish_pass' and the next '^}') and read_partial's finish
  python3 - <<'PY'
import re
s=open('shaders/logreg.wgsl').read()
a=s.index('fn finish_pass(')
b=s.index('\n}\n',a)
s=s[:a]+s[a:b].replace('storageBarrier()','workgroupBarrier()')+s[b:]
open('shaders/logreg.wgsl','w').write(s)
r=open('shaders/read.wgsl').read()
a=r.index('if (p.total_slots > 0u) {'); b=r.index('// Pass 2', a)
r=r[:a]+r[a:b].replace('storageBarrier()','workgroupBarrier()')+r[b:]
open('shaders/read.wgsl','w').write(r)
PY
fi
if [[ $1 == *p* ]]; then
  python3 - <<'PY'
s=open('shaders/logreg.wgsl').read()
s=s.replace('var<storage, read_write> part: array<atomic<u32>>;','var<storage, read_write> part: array<f32>;')
s=s.replace('var<storage, read_write> part_ll: array<atomic<u32>>;','var<storage, read_write> part_ll: array<f32>;')
s=s.replace('return bitcast<f32>(atomicLoad(&part[i]));','return part[i];')
s=s.replace('atomicStore(&part[i], bitcast<u32>(v));','part[i] = v;')
s=s.replace('return bitcast<f32>(atomicLoad(&part_ll[i]));','return part_ll[i];')
s=s.replace('atomicStore(&part_ll[i], bitcast<u32>(v));','part_ll[i] = v;')
assert 'atomicLoad(&part' not in s and 'atomicStore(&part' not in s, 'left'
open('shaders/logreg.wgsl','w').write(s)
r=open('shaders/read.wgsl').read()
r=r.replace('var<storage, read_write> partials: array<atomic<u32>>;','var<storage, read_write> partials: array<f32>;')
r=r.replace('atomicStore(&partials[p.slot + wid.x], bitcast<u32>(total));','partials[p.slot + wid.x] = total;')
r=r.replace('s = s + bitcast<f32>(atomicLoad(&partials[i]));','s = s + partials[i];')
assert 'atomicLoad(&partials' not in r and 'atomicStore(&partials' not in r
open('shaders/read.wgsl','w').write(r)
PY
fi
git diff --stat
