#!/usr/bin/env bash
# Session 28, call 5 (H200): the review's WGSL update (the four loads through one helper,
# ws_row_value; duet-d) against duet (772c253): conformance of duet-d, per-kernel times of
# 0/6 and 7/9 through wgpu, trainings interleaved three times (the same steps expected).
set -u
DATA=.gpu/data
ROOT=$(pwd)
for b in duet duet-d; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s28c5; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 200 $E/duet-d conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -n 1 $R/conform-smo-svm.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-d; do $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device wgpu:0 > /dev/null 2>&1; done
for pr in 7,9 0,6; do for b in duet duet-d; do
  DUET_WGPU_TRACE=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device wgpu:0 > $R/prof${pr/,/-}-wgpu-$b.json 2> $R/trace${pr/,/-}-wgpu-$b.txt
done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for b in duet duet-d; do
  timeout 30 $E/$b train svm $(fm $pr) --json --device wgpu:0 > $R/fm${pr/,/-}-wgpu-$b-$rep.json 2>> $R/err.txt
done; done; done
cd $R
for f in trace*.txt; do j=prof${f#trace}; j=${j%.txt}.json
  n=$(python3 -c "import json;j=json.load(open('$j'));print(j['iterations'])" 2>/dev/null)
  s=$(python3 -c "import json;j=json.load(open('$j'));print(j['steps'], j['gpu_seconds'])" 2>/dev/null)
  echo "== $f (iterations $n, steps and GPU s $s)"; python3 $ROOT/scripts/cl_trace_sum.py $f ${n:+--per $n} 2>&1 | head -12
done > kernels.txt
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('fm*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), j.get('objective'), j.get('support_vectors'))
PY
gzip -f trace*.txt
tar czf $OUT/call5.tgz .
cat summary.txt; grep -A9 "^== " kernels.txt | grep -E "^==|smo_ws_(solve|update)"; tail -n 3 err.txt
