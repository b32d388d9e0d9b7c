#!/usr/bin/env bash
# Session 24, call 1 (H200): where 7/9 stands on this machine — LIBSVM (scikit-learn's SVC)
# on 7/9 twice and 0/6 once; duet (179997e) on both pairs and both backends at smo_ws_q
# 256 / 512 / 1024, interleaved, twice each; then one --profile run of each (GPU time).
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R=$OUT; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
t start
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $R/gpu.txt 2>&1
$E/duet devices > $R/devices.txt 2>&1
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for q in 256 512 1024; do for dev in wgpu:0 opencl:1; do
  $E/duet train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done
t built
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
t libsvm1
for rep in 1 2; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 256 512 1024; do
    timeout 30 $E/duet train svm $(fm $pr) --json --param smo_ws_q=$q --device $dev > $R/fm${pr/,/-}-$tag-q$q-$rep.json 2>> $R/err.txt
  done
done; done; done
t pairs
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-2.json 2>> $R/err.txt
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6.json 2>> $R/err.txt
t libsvm2
for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 256 512 1024; do
    timeout 30 $E/duet train svm $(fm $pr) --json --profile --param smo_ws_q=$q --device $dev > $R/prof${pr/,/-}-$tag-q$q.json 2>> $R/err.txt
  done
done; done
t profiled
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    print(f, round(j['train_seconds'],4), j.get('gpu_seconds'), j['steps'], j.get('iterations'), j['objective'])
PY
cat summary.txt timeline.txt; tail -n 3 err.txt
