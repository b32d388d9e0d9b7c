#!/usr/bin/env bash
# Session 19, run 10 (H100): the working set's row buffer reused from one binary problem to the
# next (DeviceSolver's pool) — duet (this commit) against duet-r8 (bb877af), interleaved:
# Fashion-MNIST 7/9 and 0/6 (one problem: nothing to reuse, a check that nothing got slower)
# and ten classes (45 problems), both backends.
set -u
DATA=.gpu/data
for b in duet duet-r8; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r10; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
for b in duet duet-r8; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-r8; do
   timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
t pairs
for rep in 1 2; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; for b in duet duet-r8; do
  timeout 60 $E/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag-$b-$rep.json 2>> $R/err.txt
done; done; done
t ten
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],3), j['steps'], o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/r10.tgz .
cat timeline.txt; tail -n 3 err.txt
