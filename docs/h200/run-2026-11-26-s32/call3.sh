#!/usr/bin/env bash
# Session 32, call 3 (H200): as call 2, with duet-h = duet-g + the working set's kernels built
# and its row buffer made while X is uploaded (upload_data's `points`; stamps3.patch.full is
# duet-h against 05caea9); conformance of smo and svm with duet-h.
set -u
DATA=.gpu/data
for b in duet-o duet-g duet-h; do [ -e .gpu/bin/$b ] || gunzip -kf .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 200 $E/duet-h conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-h.txt 2>&1
tail -n 1 $R/conform-h.txt
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
timeout 30 $E/duet-g bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet-o duet-g duet-h; do for dev in wgpu:0 opencl:1; do
  timeout 30 $E/$b train svm $(fm 7,9) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in opencl:1 wgpu:0; do tag=${dev%%:*}
  [ $pr = 0,6 ] && [ $rep = 3 ] && continue
  for b in duet-o duet-g duet-h; do
    DUET_SVM_T=1 timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2> $R/fm${pr/,/-}-$tag-$b-$rep.t
  done
done; done; done
for dev in opencl:1 wgpu:0; do tag=${dev%%:*}; for b in duet-o duet-g duet-h; do
  timeout 60 $E/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm4-$tag-$b.json 2>> $R/err.txt
done; done
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-2.json 2>> $R/err.txt
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/call3.tgz .
cat summary.txt; tail -n 3 err.txt
for f in fm7-9-opencl-duet-h-2.t fm7-9-wgpu-duet-h-2.t fm0-6-wgpu-duet-h-1.t; do echo "== $f"; grep -v "state read" $f | head -24; done
