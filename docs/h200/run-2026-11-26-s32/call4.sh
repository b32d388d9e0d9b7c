#!/usr/bin/env bash
# Session 32, call 4 (H200): the final code (duet-f = ae1a0d0) against main before this
# session (duet-o = bb1ff78 + stamps, stamps off), unstamped, interleaved: Fashion-MNIST 7/9 and
# 0/6 three times each (the training images of classes 0, 6, 7 and 9, --classes), four classes
# (24 000 × 784, C = 10, γ = scale) once each; LIBSVM on 7/9 twice and 0/6 once in the same call.
set -u
DATA=.gpu/data
for b in duet-o duet-f; do [ -e .gpu/bin/$b ] || gunzip -kf .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
timeout 30 $E/duet-f bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet-o duet-f; do for dev in wgpu:0 opencl:1; do
  timeout 30 $E/$b train svm $(fm 7,9) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in opencl:1 wgpu:0; do tag=${dev%%:*}
  for b in duet-o duet-f; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-2.json 2>> $R/err.txt
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6.json 2>> $R/err.txt
for dev in opencl:1 wgpu:0; do tag=${dev%%:*}; for b in duet-o duet-f; do
  timeout 60 $E/$b train svm --data $DATA/train-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm4-$tag-$b.json 2>> $R/err.txt
done; done
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs, sum {sum(o):.4f}'
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/call4.tgz .
cat summary.txt; tail -n 3 err.txt
