#!/usr/bin/env bash
# Session 24, call 4 (H200): the working set's solve with fewer work-items, each holding more
# places (duet-s = 179997e + solve_wg_env.patch: DUET_SOLVE_WG caps the solve's work-items,
# 256 before). q 256 / 512 / 1 024 × cap 32 / 64 / 128 / 256 on 7/9 and 0/6, both backends:
# one --profile run (GPU time) and one plain run each, every configuration built first.
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet-s ] || gunzip -k .gpu/bin/duet-s.gz
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
$E/duet-s bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for wg in 32 64 128 256; do for q in 256 512 1024; do for dev in wgpu:0 opencl:1; do
  DUET_SOLVE_WG=$wg $E/duet-s train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done
for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 256 512 1024; do for wg in 32 64 128 256; do
    DUET_SOLVE_WG=$wg timeout 30 $E/duet-s train svm $(fm $pr) --json --profile --param smo_ws_q=$q --device $dev > $R/prof${pr/,/-}-$tag-q$q-wg$wg.json 2>> $R/err.txt
    DUET_SOLVE_WG=$wg timeout 30 $E/duet-s train svm $(fm $pr) --json --param smo_ws_q=$q --device $dev > $R/fm${pr/,/-}-$tag-q$q-wg$wg.json 2>> $R/err.txt
  done; done
done; done
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j.get('gpu_seconds'), j['steps'], j.get('iterations'), j['objective'])
PY
tar czf $OUT/call4.tgz .
cat summary.txt; tail -n 3 err.txt
