#!/usr/bin/env bash
# Session 24, call 6 (H200): the working set's candidates chunk (duet-c = 0476f0e +
# ws_chunk_env.patch: DUET_WS_CHUNK × q points per candidates workgroup, 16 before: 12 000
# points filled 3 workgroups at q = 256) at 2 / 4 / 8 / 16 × q, q 256 and 1 024, 7/9 and 0/6,
# both backends: one --profile run (GPU time) and one plain run each; then --steps-per-check
# 64 / 256 / 1 024 at the default chunk, twice.
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet-c ] || gunzip -k .gpu/bin/duet-c.gz
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
$E/duet-c bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for c in 2 4 8 16; do for q in 256 1024; do for dev in wgpu:0 opencl:1; do
  DUET_WS_CHUNK=$c $E/duet-c train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done
for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 256 1024; do for c in 2 4 8 16; do
    DUET_WS_CHUNK=$c timeout 30 $E/duet-c train svm $(fm $pr) --json --profile --param smo_ws_q=$q --device $dev > $R/prof${pr/,/-}-$tag-q$q-c$c.json 2>> $R/err.txt
    DUET_WS_CHUNK=$c timeout 30 $E/duet-c train svm $(fm $pr) --json --param smo_ws_q=$q --device $dev > $R/fm${pr/,/-}-$tag-q$q-c$c.json 2>> $R/err.txt
  done; done
done; done
for rep in 1 2; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for s in 64 256 1024; do
    timeout 30 $E/duet-c train svm $(fm $pr) --json --steps-per-check $s --device $dev > $R/spc${pr/,/-}-$tag-s$s-$rep.json 2>> $R/err.txt
  done
done; done; done
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j.get('gpu_seconds'), j['steps'], j.get('iterations'), j['objective'])
PY
tar czf $OUT/call6.tgz .
cat summary.txt; tail -n 3 err.txt
