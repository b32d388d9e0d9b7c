#!/usr/bin/env bash
# Session 21, run 7 (H100): how far apart LIBSVM's and duet's times move within one call —
# LIBSVM (scikit-learn's SVC) on 7/9 three times and 0/6 once, duet's final build (a103768)
# on both pairs and both backends, interleaved with them.
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R=/tmp/r7; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
t start
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  $E/duet train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done
t built
for rep in 1 2 3; do
  timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-$rep.json 2>> $R/err.txt
  for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
    timeout 30 $E/duet train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$rep.json 2>> $R/err.txt
  done; done
done
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6.json 2>> $R/err.txt
t done
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    print(f, round(j['train_seconds'],4), j['steps'], j['objective'])
PY
tar czf $OUT/r7.tgz .
cat timeline.txt; tail -n 3 err.txt
