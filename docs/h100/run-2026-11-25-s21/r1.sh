#!/usr/bin/env bash
# Session 21, run 1 (H100): where the host's part of an SVM training goes, before and after
# the kernels' builds overlap the upload (14c7856). duet-t0 = 6d916a6 and duet-t1 = 14c7856,
# both with the timestamps of stamps.patch (DUET_SVM_T=1 prints ms since the first stamp).
# Fashion-MNIST 0/6 and 7/9, both backends, interleaved, three times each.
set -u
DATA=.gpu/data
for b in duet-t0 duet-t1; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r1; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
t start
nproc > $R/host.txt; lscpu | head -20 >> $R/host.txt
$E/duet-t1 bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet-t0 duet-t1; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2 3; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet-t0 duet-t1; do
    DUET_SVM_T=1 timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2> $R/fm${pr/,/-}-$tag-$b-$rep.txt
  done
done; done; done
t pairs
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('fm*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), j.get('objective'))
PY
tar czf $OUT/r1.tgz .
cat timeline.txt
