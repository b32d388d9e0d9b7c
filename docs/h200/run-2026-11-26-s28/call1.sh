#!/usr/bin/env bash
# Session 28, call 1 (H200): wgpu's SVM kernels written for the Vulkan compiler (duet-a =
# the working tree after 560b0bd: the rows pass's accumulators by name, the update's four
# loads a turn, ws_take's held positions as four branch-free groups and one stop word a radix
# round) against duet (772c253, the same kernels as 560b0bd). Per-kernel times on wgpu for
# both (OpenCL's for reference), conformance of duet-a, trainings interleaved three times,
# LIBSVM in the same call.
set -u
DATA=.gpu/data
ROOT=$(pwd)
for b in duet duet-a; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s28c1; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 200 $E/duet-a conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -n 1 $R/conform-smo-svm.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-a; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
for pr in 7,9 0,6; do
  DUET_CL_TRACE=1 timeout 60 $E/duet train svm $(fm $pr) --json --profile --device opencl:1 > $R/prof${pr/,/-}-opencl-duet.json 2> $R/trace${pr/,/-}-opencl-duet.txt
  for b in duet duet-a; do
    DUET_WGPU_TRACE=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device wgpu:0 > $R/prof${pr/,/-}-wgpu-$b.json 2> $R/trace${pr/,/-}-wgpu-$b.txt
  done
done
for rep in 1 2 3; do for pr in 7,9 0,6; do
  for b in duet duet-a; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device wgpu:0 > $R/fm${pr/,/-}-wgpu-$b-$rep.json 2>> $R/err.txt
  done
  timeout 30 $E/duet train svm $(fm $pr) --json --device opencl:1 > $R/fm${pr/,/-}-opencl-duet-$rep.json 2>> $R/err.txt
done; done
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9.json 2>> $R/err.txt
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6.json 2>> $R/err.txt
cd $R
for f in trace*.txt; do j=prof${f#trace}; j=${j%.txt}.json
  n=$(python3 -c "import json;j=json.load(open('$j'));print(j['iterations'])" 2>/dev/null)
  s=$(python3 -c "import json;j=json.load(open('$j'));print(j['steps'], j['gpu_seconds'])" 2>/dev/null)
  echo "== $f (iterations $n, steps and GPU s $s)"; python3 $ROOT/scripts/cl_trace_sum.py $f ${n:+--per $n} 2>&1 | head -12
done > kernels.txt
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    if f.startswith('prof'): continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), round(j.get('gpu_seconds') or 0,4), j['steps'], j.get('iterations'), o, j.get('support_vectors'))
PY
tar czf $OUT/call1.tgz .
cat summary.txt; grep -A9 "^== " kernels.txt | grep -E "^==|smo_"; tail -n 3 err.txt
