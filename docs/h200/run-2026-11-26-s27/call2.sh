#!/usr/bin/env bash
# Session 27, call 2 (H200): the candidates kernel's workgroup per chunk and side and the wgpu
# per-dispatch trace (duet = 011dce0) against session 26's head (duet-o = a90bfcb); settings as
# call 1. Per-kernel times on both backends (DUET_CL_TRACE / DUET_WGPU_TRACE, --profile) at
# q = 128, 256 and 512; training times interleaved three times; LIBSVM in the same call.
set -u
DATA=.gpu/data
ROOT=$(pwd)
for b in duet duet-o; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s27c2; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 200 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -n 1 $R/conform-smo-svm.txt
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-o; do for q in 128 256 512; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done
for pr in 7,9 0,6; do for q in 128 256 512; do
  DUET_CL_TRACE=1 timeout 60 $E/duet train svm $(fm $pr) --json --profile --param smo_ws_q=$q --device opencl:1 > $R/prof${pr/,/-}-opencl-q$q.json 2> $R/trace${pr/,/-}-opencl-q$q.txt
  DUET_WGPU_TRACE=1 timeout 60 $E/duet train svm $(fm $pr) --json --profile --param smo_ws_q=$q --device wgpu:0 > $R/prof${pr/,/-}-wgpu-q$q.json 2> $R/trace${pr/,/-}-wgpu-q$q.txt
done; done
DUET_WGPU_TRACE=1 timeout 60 $E/duet-o train svm $(fm 7,9) --json --profile --device wgpu:0 > $R/prof7-9-wgpu-old.json 2> $R/trace7-9-wgpu-old.txt
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
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/call2.tgz .
cat summary.txt; tail -n 3 err.txt
