#!/usr/bin/env bash
# Session 19, run 7 (H100), duet at 2265aa3: the set size again after this session's kernels
# (q = 256 / 512 / 1024, Fashion-MNIST 0/6 and 7/9, twice each, interleaved), `pair` on 0/6, and
# ten classes with the 10 000 test images.
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R=/tmp/r7; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
for dev in wgpu:0 opencl:1; do for a in "--param smo_ws_q=512" "--param smo_ws_q=1024" "--strategy pair"; do
  $E/duet train svm $(fm 0,6) --max-steps 50 --allow-unconverged $a --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for q in 256 512 1024; do
   timeout 30 $E/duet train svm $(fm $pr) --json --param smo_ws_q=$q --device $dev > $R/fm${pr/,/-}-ws$q-$tag-$rep.json 2>> $R/err.txt
  done
  [ $pr = 0,6 ] && timeout 30 $E/duet train svm $(fm $pr) --json --strategy pair --device $dev > $R/fm${pr/,/-}-pair-$tag-$rep.json 2>> $R/err.txt
done; done; done
t sizes
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 60 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag.json 2>> $R/err.txt
done
t ten
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],3), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'), j.get('predict_seconds'))
PY
tar czf $OUT/r7.tgz .
cat timeline.txt; tail -n 3 err.txt
