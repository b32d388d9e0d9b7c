#!/usr/bin/env bash
# Session 24, call 3 (H200): the working set's solve with up to 1 024 work-items (duet-w =
# 179997e + solve1024.patch: one work-item per place up to q = 1 024, where 256 held up to four
# places each) against 179997e (duet), at q 256 / 512 / 1 024 on 7/9 and 0/6, both backends,
# interleaved, twice; then --profile once each (GPU time); then the host's timeline after the
# last read-back (duet-t = 179997e + stamps.patch), three times.
# Data: Fashion-MNIST's training images of classes 0, 6, 7 and 9 only (24 000; the carried
# tree's size limit), the same pairs as the whole file gives.
set -u
DATA=.gpu/data
for b in duet duet-t duet-w; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-w; do for q in 512 1024; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done
for rep in 1 2; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 256 512 1024; do for b in duet duet-w; do
    [ $q = 256 ] && [ $b = duet-w ] && continue
    timeout 30 $E/$b train svm $(fm $pr) --json --param smo_ws_q=$q --device $dev > $R/fm${pr/,/-}-$tag-q$q-$b-$rep.json 2>> $R/err.txt
  done; done
done; done; done
for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 512 1024; do for b in duet duet-w; do
    timeout 30 $E/$b train svm $(fm $pr) --json --profile --param smo_ws_q=$q --device $dev > $R/prof${pr/,/-}-$tag-q$q-$b.json 2>> $R/err.txt
  done; done
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  DUET_SVM_T=1 timeout 30 $E/duet-t train svm $(fm $pr) --json --device $dev > $R/t${pr/,/-}-$tag-$rep.json 2> $R/t${pr/,/-}-$tag-$rep.t
done; done; done
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j.get('gpu_seconds'), j['steps'], j.get('iterations'), j['objective'])
PY
tar czf $OUT/call3.tgz .
cat summary.txt; tail -n 3 err.txt
for f in t0-6-opencl-1.t t0-6-wgpu-1.t t7-9-opencl-1.t; do echo "== $f"; grep -v "submitted\|state read" $f | head -30; done
