#!/usr/bin/env bash
# Session 19, run 1 (H100): where an iteration of the working_set strategy goes, kernel by
# kernel (OpenCL profiling events: DUET_CL_TRACE=1 with --profile), on Fashion-MNIST 0/6 and 7/9.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r1; rm -rf $R; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for pr in 0,6 7,9; do
 for q in 64 256 1024; do
  a="--data $DATA/train-images-idx3-ubyte.gz --classes $pr --scale 0,1 --c 10 --json --strategy working_set --param smo_ws_q=$q"
  t=fm${pr/,/-}-ws$q
  # First run builds (NVIDIA's OpenCL compiles on first use); the second is timed; the third traced.
  timeout 60 $D train svm $a --device opencl:1 > /dev/null 2>> $R/err.txt
  timeout 60 $D train svm $a --device opencl:1 > $R/$t-opencl.json 2>> $R/err.txt
  timeout 60 $D train svm $a --profile --device opencl:1 > $R/$t-opencl-profile.json 2>> $R/err.txt
  DUET_CL_TRACE=1 timeout 120 $D train svm $a --profile --device opencl:1 > $R/$t-opencl-trace.json 2> $R/$t-trace.txt
  timeout 60 $D train svm $a --device wgpu:0 > /dev/null 2>> $R/err.txt
  timeout 60 $D train svm $a --profile --device wgpu:0 > $R/$t-wgpu-profile.json 2>> $R/err.txt
 done
done
cd $R
for f in *-trace.txt; do
  j=${f%-trace.txt}-opencl-trace.json
  it=$(python3 -c "import json;print(json.load(open('$j'))['iterations'])" 2>/dev/null || echo 1)
  echo "== $f ($it iterations)"; python3 $OLDPWD/scripts/cl_trace_sum.py $f --per $it
done | tee breakdown.txt
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],3), j.get('gpu_seconds') and round(j['gpu_seconds'],3), j['steps'], j.get('iterations'))
PY
gzip -k *-trace.txt; rm -f *-trace.txt
tar czf $OUT/r1.tgz .
tail -n 3 err.txt
