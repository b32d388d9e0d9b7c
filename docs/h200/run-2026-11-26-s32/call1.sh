#!/usr/bin/env bash
# Session 32, call 1 (H200): where a Fashion-MNIST 7/9 training's time goes before the GPU
# starts, with main's OpenCL upload (duet-o = c816f85~1 + stamps-common.patch + the old
# upload's two stamps) and with pinned staging (duet-n = c816f85 + stamps-common.patch +
# stamps-new.patch; DUET_CL_PIECE sets the piece's bytes). DUET_SVM_T=1 prints the stamps.
set -u
DATA=.gpu/data
for b in duet-o duet-n; do [ -e .gpu/bin/$b ] || gunzip -kf .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 150 $E/duet-n conform --op rbf,smo,svm --level quick --device opencl:1 > $R/conform-n-opencl.txt 2>&1
tail -n 1 $R/conform-n-opencl.txt
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
timeout 30 $E/duet-n bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet-o duet-n; do for dev in wgpu:0 opencl:1; do
  timeout 30 $E/$b train svm $(fm 7,9) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
for rep in 1 2 3; do for dev in opencl:1 wgpu:0; do tag=${dev%%:*}
  for b in duet-o duet-n; do
    DUET_SVM_T=1 timeout 30 $E/$b train svm $(fm 7,9) --json --device $dev > $R/fm7-9-$tag-$b-$rep.json 2> $R/fm7-9-$tag-$b-$rep.t
  done
  if [ $dev = opencl:1 ]; then for piece in 1048576 16777216; do
    DUET_CL_PIECE=$piece DUET_SVM_T=1 timeout 30 $E/duet-n train svm $(fm 7,9) --json --device $dev > $R/fm7-9-$tag-duet-n-p$piece-$rep.json 2> $R/fm7-9-$tag-duet-n-p$piece-$rep.t
  done; fi
done; done
for rep in 1 2; do for dev in opencl:1 wgpu:0; do tag=${dev%%:*}; for b in duet-o duet-n; do
  DUET_SVM_T=1 timeout 30 $E/$b train svm $(fm 0,6) --json --device $dev > $R/fm0-6-$tag-$b-$rep.json 2> $R/fm0-6-$tag-$b-$rep.t
done; done; done
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-2.json 2>> $R/err.txt
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'))
PY
tar czf $OUT/call1.tgz .
cat summary.txt; tail -n 3 err.txt
for f in fm7-9-opencl-duet-o-2.t fm7-9-opencl-duet-n-2.t fm7-9-wgpu-duet-o-2.t fm7-9-wgpu-duet-n-2.t; do echo "== $f"; grep -v "state read" $f | head -30; done
