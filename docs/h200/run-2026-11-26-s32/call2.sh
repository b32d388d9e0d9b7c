#!/usr/bin/env bash
# Session 32, call 2 (H200): X kept on the device and each pair's points gathered there
# (duet-g = 05caea9 + γ's pass beside X's upload + stamps2.patch.full) against main before
# this session (duet-o = bb1ff78 + stamps-common.patch + the old upload's stamps), stamped
# (DUET_SVM_T=1), 7/9 and 0/6 three and two times each, four classes (0, 6, 7, 9) with the test
# images; LIBSVM on 7/9 twice; conformance of smo and svm with duet-g.
set -u
DATA=.gpu/data
for b in duet-o duet-g; do [ -e .gpu/bin/$b ] || gunzip -kf .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 200 $E/duet-g conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-g.txt 2>&1
tail -n 1 $R/conform-g.txt
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
timeout 30 $E/duet-g bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet-o duet-g; do for dev in wgpu:0 opencl:1; do
  timeout 30 $E/$b train svm $(fm 7,9) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in opencl:1 wgpu:0; do tag=${dev%%:*}
  [ $pr = 0,6 ] && [ $rep = 3 ] && continue
  for b in duet-o duet-g; do
    DUET_SVM_T=1 timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2> $R/fm${pr/,/-}-$tag-$b-$rep.t
  done
done; done; done
for dev in opencl:1 wgpu:0; do tag=${dev%%:*}; for b in duet-o duet-g; do
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
tar czf $OUT/call2.tgz .
cat summary.txt; tail -n 3 err.txt
for f in fm7-9-opencl-duet-g-2.t fm7-9-wgpu-duet-g-2.t; do echo "== $f"; grep -v "state read" $f | head -24; done
