#!/usr/bin/env bash
# Session 21, run 3 (H100): the host path after 4b4a5e7 (one-vs-one pairs picked out of the
# whole data instead of copied; the finite check on γ's pass), against 6d916a6 (session 20's
# code), interleaved, with LIBSVM (scikit-learn's SVC) in the same call.
# duet = 4b4a5e7; duet-t0 = 6d916a6 with stamps.patch (run without DUET_SVM_T: the baseline;
# its only extra is a wait for the X copy); duet-t3 = 4b4a5e7 with the stamps.
set -u
DATA=.gpu/data
for b in duet duet-t0 duet-t3; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r3; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
t start
timeout 150 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt
t conform
for pr in 0,6 7,9; do
  timeout 120 python3 scripts/libsvm_peer.py $DATA --classes $pr --c 10 --cache-mb 16000 > $R/libsvm-${pr/,/-}.json 2>> $R/err.txt
done
t libsvm
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-t0 duet-t3; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2 3; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-t0; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
  [ $rep -le 2 ] && DUET_SVM_T=1 timeout 30 $E/duet-t3 train svm $(fm $pr) --json --device $dev > $R/st${pr/,/-}-$tag-$rep.json 2> $R/st${pr/,/-}-$tag-$rep.txt
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
    if f.startswith('libsvm'): print(f, {k: j[k] for k in j if k in ('fit_seconds','objective','support_vectors','train_accuracy','gamma')}); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/r3.tgz .
cat timeline.txt; tail -n 3 err.txt
