#!/usr/bin/env bash
# Session 24, call 8 (H200): the candidates chunk (duet-c, DUET_WS_CHUNK × q points) at other
# shapes: two Gaussian blobs (`--synthetic N,D`, C = 1, γ = scale), N 16 384 / 131 072 /
# 524 288 × D 13 / 64 / 300, 8 × q (the new default) against 16 × q (the old), q = 256, both
# backends; and 4 × q against 16 × q at q = 1 024 for D = 64. GPU seconds of --profile runs,
# twice each, interleaved; every configuration built first by a tiny run.
set -u
[ -e .gpu/bin/duet-c ] || gunzip -k .gpu/bin/duet-c.gz
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
$E/duet-c bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for d in 13 64 300; do for c in 4 8 16; do for q in 256 1024; do for dev in wgpu:0 opencl:1; do
  DUET_WS_CHUNK=$c $E/duet-c train svm --synthetic 3000,$d --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done; done
for rep in 1 2; do for n in 16384 131072 524288; do for d in 13 64 300; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for c in 8 16; do
    DUET_WS_CHUNK=$c timeout 60 $E/duet-c train svm --synthetic $n,$d --json --profile --device $dev > $R/b$n-$d-$tag-q256-c$c-$rep.json 2>> $R/err.txt
  done
  if [ $d = 64 ]; then for c in 4 16; do
    DUET_WS_CHUNK=$c timeout 60 $E/duet-c train svm --synthetic $n,$d --json --profile --param smo_ws_q=1024 --device $dev > $R/b$n-$d-$tag-q1024-c$c-$rep.json 2>> $R/err.txt
  done; fi
done; done; done; done
cd $R
python3 - <<'PY' > summary.txt
import json,glob,collections
rows=collections.defaultdict(list)
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    key=f.rsplit('-',1)[0]
    rows[key].append((j.get('gpu_seconds'), j['train_seconds'], j['steps'], j.get('iterations'), j['objective'][0]))
for k,v in sorted(rows.items()):
    print(k, ' | '.join(f"gpu {a:.4f} wall {b:.4f} steps {c} it {d} obj {e:.6f}" for a,b,c,d,e in v))
PY
tar czf $OUT/call8.tgz .
cat summary.txt; tail -n 3 err.txt
