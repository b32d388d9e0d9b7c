#!/usr/bin/env bash
# Session 28, call 4 (H200): duet-c = 5dcd41a, the committed kernels (call 3's duet-b less its
# selection-scan change) against duet (772c253, the kernels of 560b0bd), as call 3 with two
# blob shapes: conformance of duet-c, per-kernel times on both backends, Fashion-MNIST
# trainings interleaved three times, LIBSVM in the same call.
set -u
DATA=.gpu/data
ROOT=$(pwd)
for b in duet duet-c; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s28c4; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 200 $E/duet-c conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -n 1 $R/conform-smo-svm.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-c; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
  for d in 7 13 33 64; do for q in 256 1024; do $E/$b train svm --synthetic 3000,$d --param smo_ws_q=$q --device $dev > /dev/null 2>&1; done; done
done; done
for pr in 7,9 0,6; do for b in duet duet-c; do
  DUET_CL_TRACE=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device opencl:1 > $R/prof${pr/,/-}-opencl-$b.json 2> $R/trace${pr/,/-}-opencl-$b.txt
  DUET_WGPU_TRACE=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device wgpu:0 > $R/prof${pr/,/-}-wgpu-$b.json 2> $R/trace${pr/,/-}-wgpu-$b.txt
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-c; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9.json 2>> $R/err.txt
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6.json 2>> $R/err.txt
run() { # n d q
  for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; for b in duet duet-c; do
    timeout 60 $E/$b train svm --synthetic $1,$2 --json --profile --param smo_ws_q=$3 --device $dev > $R/b$1-$2-q$3-$tag-$b.json 2>> $R/err.txt
  done; done
}
run 131072 64 256; run 9999 7 256
cd $R
for f in trace*.txt; do j=prof${f#trace}; j=${j%.txt}.json
  n=$(python3 -c "import json;j=json.load(open('$j'));print(j['iterations'])" 2>/dev/null)
  s=$(python3 -c "import json;j=json.load(open('$j'));print(j['steps'], j['gpu_seconds'])" 2>/dev/null)
  echo "== $f (iterations $n, steps and GPU s $s)"; python3 $ROOT/scripts/cl_trace_sum.py $f ${n:+--per $n} 2>&1 | head -12
done > kernels.txt
python3 - <<'PY' > summary.txt
import json,glob,collections
for f in sorted(glob.glob('fm*.json'))+sorted(glob.glob('libsvm*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), j.get('objective'), j.get('support_vectors'))
rows=collections.defaultdict(dict)
for f in sorted(glob.glob('b*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    key,b=f[:-5].rsplit('-duet',1)
    rows[key]['duet'+b]=j
for k,v in sorted(rows.items()):
    o,n=v.get('duet'),v.get('duet-c')
    if not o or not n: print(k,'missing'); continue
    print(f"{k:28} gpu {o['gpu_seconds']:.4f} -> {n['gpu_seconds']:.4f} ({n['gpu_seconds']/o['gpu_seconds']-1:+.1%})  steps {o['steps']} {n['steps']}  obj {o['objective'][0]:.6f} {n['objective'][0]:.6f}")
PY
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> clocks.txt
tar czf $OUT/call4.tgz .
cat summary.txt; grep -A9 "^== " kernels.txt | grep -E "^==|smo_"; tail -n 3 err.txt
