#!/usr/bin/env bash
# Session 27, call 5 (H200): this session's SVM kernels (duet = bddbbb6) against session 26's
# head (duet-o = a90bfcb) at other shapes: two Gaussian blobs (`--synthetic N,D`, C = 1,
# γ = scale), N 16 384 / 131 072 / 524 288 × D 13 / 64 / 300 (session 24's call 8) and odd
# shapes 9 999 × 7, 77 777 × 33, 300 001 × 100, q = 256; q = 512 and 1 024 at D = 64 (where a
# work-item's run in the selection is longer than the 16 it holds). GPU seconds of --profile
# runs, interleaved; every configuration built first by a tiny run.
set -u
for b in duet duet-o; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s27c5; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-o; do for d in 7 13 33 64 100 300; do for q in 256 512 1024; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm --synthetic 3000,$d --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done; done
run() { # n d q
  for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; for b in duet-o duet; do
    timeout 60 $E/$b train svm --synthetic $1,$2 --json --profile --param smo_ws_q=$3 --device $dev > $R/b$1-$2-q$3-$tag-$b.json 2>> $R/err.txt
  done; done
}
for n in 16384 131072 524288; do for d in 13 64 300; do run $n $d 256; done; run $n 64 512; run $n 64 1024; done
run 9999 7 256; run 77777 33 256; run 300001 100 256
cd $R
python3 - <<'PY' > summary.txt
import json,glob,collections
rows=collections.defaultdict(dict)
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    key,b=f[:-5].rsplit('-',1)
    if b=='o': key,b=key.rsplit('-',1); b='duet-o'
    rows[key][b]=j
for k,v in sorted(rows.items()):
    o,n=v.get('duet-o'),v.get('duet')
    if not o or not n: print(k,'missing'); continue
    print(f"{k:28} gpu {o['gpu_seconds']:.4f} -> {n['gpu_seconds']:.4f} ({n['gpu_seconds']/o['gpu_seconds']-1:+.1%})  wall {o['train_seconds']:.4f} -> {n['train_seconds']:.4f}  steps {o['steps']} {n['steps']}  obj {o['objective'][0]:.6f} {n['objective'][0]:.6f}")
PY
tar czf $OUT/call5.tgz .
cat summary.txt; tail -n 3 err.txt
