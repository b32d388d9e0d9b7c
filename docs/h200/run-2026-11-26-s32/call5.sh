#!/usr/bin/env bash
# Session 32, call 5 (H200): LIBSVM (scikit-learn's SVC, 16 GB cache) on Fashion-MNIST 7/9 and
# 0/6 (call 4's peer runs lacked the test images), each followed by the final code (duet-f =
# ae1a0d0) and main before this session (duet-o) three times on both backends.
set -u
DATA=.gpu/data
for b in duet-o duet-f; do [ -e .gpu/bin/$b ] || gunzip -kf .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 30 $E/duet-f bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet-o duet-f; do for dev in wgpu:0 opencl:1; do
  timeout 30 $E/$b train svm $(fm 7,9) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
n=0; for pr in 7,9 0,6 7,9; do n=$((n+1))
  timeout 120 python3 scripts/libsvm_peer.py $DATA --classes $pr --c 10 --cache-mb 16000 > $R/libsvm-${pr/,/-}-$n.json 2>> $R/err.txt
  for rep in 1 2 3; do for dev in opencl:1 wgpu:0; do tag=${dev%%:*}; for b in duet-o duet-f; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$n-$rep.json 2>> $R/err.txt
  done; done; done
done
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective'], j.get('test_accuracy')); continue
    o=j.get('objective')
    print(f, round(j['train_seconds'],4), j['steps'], o, j.get('support_vectors'))
PY
tar czf $OUT/call5.tgz .
cat summary.txt; tail -n 3 err.txt
