#!/usr/bin/env bash
# Session 24, call 2 (H200): the host's timeline of a training (duet-t = 179997e with
# stamps.patch, DUET_SVM_T=1), 7/9 and 0/6, both backends, q 256 and 1024, three times each.
set -u
DATA=.gpu/data
for b in duet duet-t; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for q in 256 1024; do for dev in wgpu:0 opencl:1; do
  $E/duet-t train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 256 1024; do
    DUET_SVM_T=1 timeout 30 $E/duet-t train svm $(fm $pr) --json --param smo_ws_q=$q --device $dev > $R/fm${pr/,/-}-$tag-q$q-$rep.json 2> $R/fm${pr/,/-}-$tag-q$q-$rep.t
  done
done; done; done
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), j['objective'])
PY
tar czf $OUT/call2.tgz .
cat summary.txt
for f in fm7-9-*-1.t fm0-6-opencl-q256-1.t; do echo "== $f"; grep -v "submitted\|state read" $f | head -30; done
