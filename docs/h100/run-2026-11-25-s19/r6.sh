#!/usr/bin/env bash
# Session 19, run 6 (H100): duet (2265aa3) and LIBSVM (scikit-learn's SVC, 16 GB cache, through
# scripts/libsvm_peer.py) in the same call, on Fashion-MNIST pairs 0/6 and 7/9 (duet with the
# pair's test images), duet before and after LIBSVM; then synthetic blobs at four shapes.
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R=/tmp/r6; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
for dev in wgpu:0 opencl:1; do
  $E/duet train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done
t built
duet_runs() { for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 30 $E/duet train svm $(fm $1) --json --device $dev > $R/fm${1/,/-}-$tag-$2.json 2>> $R/err.txt
done; }
for pr in 0,6 7,9; do
  duet_runs $pr a
  timeout 120 python3 scripts/libsvm_peer.py $DATA --classes $pr --c 10 --cache-mb 16000 > $R/libsvm-${pr/,/-}-1.json 2>> $R/err.txt
  t libsvm $pr
  # The GPU idled through LIBSVM's fit: warm it again before timing.
  $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
  duet_runs $pr b
done
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6-2.json 2>> $R/err.txt
t libsvm 0,6 again
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for nd in 131072,64 524288,64 60000,13 60000,300; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 25 $E/duet train svm --synthetic $nd --json --device $dev > $R/syn-${nd/,/x}-$tag.json 2>> $R/err.txt
done; done
t synthetic
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'):
        print(f, {k: j[k] for k in j if not isinstance(j[k], (list, dict))}, j.get('objective'))
        continue
    print(f, round(j['train_seconds'],3), j['steps'], j.get('iterations'), j.get('objective'), j.get('rho'), j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/r6.tgz .
cat timeline.txt; tail -n 3 err.txt
