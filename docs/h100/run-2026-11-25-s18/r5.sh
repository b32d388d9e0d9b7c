#!/usr/bin/env bash
# Session 18, run 5 (H100): working_set at smo_ws_q = 512 against 256 (the default), second
# runs, Fashion-MNIST 0/6 and 7/9 and blobs 524 288 × 64, both backends.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r5; rm -rf $R; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
 for q in 256 512; do
  for rep in 1 2; do
   for pair in 0,6 7,9; do
    timeout 60 $D train svm --data $DATA/train-images-idx3-ubyte.gz --classes $pair --scale 0,1 --c 10 --json --strategy working_set --param smo_ws_q=$q --device $dev > $R/fm${pair/,/-}-$tag-ws$q-$rep.json 2>> $R/err.txt
   done
   timeout 60 $D train svm --synthetic 524288,64 --json --strategy working_set --param smo_ws_q=$q --device $dev > $R/syn-524288x64-$tag-ws$q-$rep.json 2>> $R/err.txt
  done
 done
done
cd $R && tar czf $OUT/r5.tgz .
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('/tmp/r5/*-2.json')):
    try: j=json.load(open(f))
    except Exception: print(f.split('/')[-1], 'no result'); continue
    print(f.split('/')[-1], round(j['train_seconds'],3), j['steps'], j.get('iterations'), j['objective'][0])
PY
tail -n 3 $R/err.txt
