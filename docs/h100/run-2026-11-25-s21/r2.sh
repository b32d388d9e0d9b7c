#!/usr/bin/env bash
# Session 21, run 2 (H100): the host path of an SVM training after d8749d6 (matrix packed
# straight into the copy; row buffer allocated on its own thread and freed in the background;
# vectorised finite checks), against session 20's build and 14c7856.
# duet = d8749d6; duet-t0 run without DUET_SVM_T is the baseline (6d916a6: its only extra is a wait for the X copy); duet-t0/t1/t2 = 6d916a6,
# 14c7856, d8749d6 with the timestamps of stamps.patch (DUET_SVM_T=1).
set -u
DATA=.gpu/data
for b in duet duet-t0 duet-t2; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r2; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
t start
timeout 200 $E/duet conform --op smo,svm,rbf,logreg --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt
t conform
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-t0 duet-t2; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2 3; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-t0; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
  for b in duet-t0 duet-t2; do
    DUET_SVM_T=1 timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/st${pr/,/-}-$tag-$b-$rep.json 2> $R/st${pr/,/-}-$tag-$b-$rep.txt
  done
done; done; done
t pairs
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; for b in duet duet-t0; do
  timeout 60 $E/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag-$b.json 2>> $R/err.txt
done; done
t ten
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/r2.tgz .
cat timeline.txt; tail -n 3 err.txt
