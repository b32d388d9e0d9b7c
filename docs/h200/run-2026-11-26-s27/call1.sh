#!/usr/bin/env bash
# Session 27, call 1 (H200): ws_take's held keys (duet = d419a14) against session 26's head
# (duet-o = a90bfcb), Fashion-MNIST pairs 7/9 and 0/6 (classes 0, 6, 7, 9 carried, as in
# session 24), C = 10, γ = scale, [0, 1], working_set q = 256: conformance of smo and svm;
# per-kernel OpenCL times (DUET_CL_TRACE, --profile) and wgpu GPU seconds; training times
# interleaved three times; LIBSVM (scikit-learn's SVC) in the same call; four classes.
set -u
DATA=.gpu/data
ROOT=$(pwd)
for b in duet duet-o; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s27c1; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
(which ncu nsys nvcc; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv) > $R/tools.txt 2>&1
timeout 200 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -n 1 $R/conform-smo-svm.txt
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-o; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
for pr in 7,9 0,6; do for b in duet-o duet; do
  DUET_CL_TRACE=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device opencl:1 > $R/prof${pr/,/-}-opencl-$b.json 2> $R/trace${pr/,/-}-$b.txt
  timeout 60 $E/$b train svm $(fm $pr) --json --profile --device wgpu:0 > $R/prof${pr/,/-}-wgpu-$b.json 2>> $R/err.txt
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet-o duet; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-2.json 2>> $R/err.txt
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6.json 2>> $R/err.txt
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; for b in duet-o duet; do
  timeout 60 $E/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm4-$tag-$b.json 2>> $R/err.txt
done; done
cd $R
for pr in 7-9 0-6; do for b in duet-o duet; do
  n=$(python3 -c "import json;print(json.load(open('prof$pr-opencl-$b.json'))['iterations'])" 2>/dev/null)
  echo "== $pr $b (iterations $n)"; python3 $ROOT/scripts/cl_trace_sum.py trace$pr-$b.txt ${n:+--per $n} 2>&1 | head -20
done; done > kernels.txt
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), j.get('gpu_seconds'), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/call1.tgz .
cat tools.txt summary.txt; tail -n 3 err.txt
