#!/usr/bin/env bash
# Session 28, call 2 (H200): does NVIDIA's Vulkan compiler unroll duet's WGSL loops? duet-u =
# duet-a (call 1) built with a naga whose SPIR-V marks every loop `Unroll` (OpLoopMerge's loop
# control; an experiment, not a release build) against duet-a and duet (772c253): the
# logistic gradient at the H200's worst wgpu column counts (8, 13, 33, 777) and some good
# ones, RBF rows at three, the SVM's per-kernel times, trainings.
set -u
DATA=.gpu/data
ROOT=$(pwd)
for b in duet duet-a duet-u; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s28c2; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 120 $E/duet-u conform --op logreg,smo,svm --level quick --device wgpu:0 > $R/conform-u.txt 2>&1
tail -n 1 $R/conform-u.txt
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 300 --no-cpu --variant default --sweep-mib 256 --cols 5,8,13,16,33,64,500,777,1000"
B="bench --sizes sweep --op rbf --budget 0.15 --warmup-ms 300 --no-cpu --variant default --sweep-mib 256 --cols 13,127,777"
for b in duet duet-u; do
  timeout 100 $E/$b $L --device wgpu:0 > $R/logreg-$b.txt 2>&1
  timeout 60 $E/$b $B --device wgpu:0 > $R/rbf-$b.txt 2>&1
done
timeout 100 $E/duet $L --device opencl:1 > $R/logreg-opencl.txt 2>&1
for pr in 7,9 0,6; do
  DUET_WGPU_TRACE=1 timeout 60 $E/duet-u train svm $(fm $pr) --json --profile --device wgpu:0 > $R/prof${pr/,/-}-wgpu-duet-u.json 2> $R/trace${pr/,/-}-wgpu-duet-u.txt
done
for rep in 1 2 3; do for pr in 7,9 0,6; do for b in duet duet-a duet-u; do
  timeout 30 $E/$b train svm $(fm $pr) --json --device wgpu:0 > $R/fm${pr/,/-}-wgpu-$b-$rep.json 2>> $R/err.txt
done; done; done
cd $R
for f in trace*.txt; do j=prof${f#trace}; j=${j%.txt}.json
  n=$(python3 -c "import json;j=json.load(open('$j'));print(j['iterations'])" 2>/dev/null)
  echo "== $f (iterations $n)"; python3 $ROOT/scripts/cl_trace_sum.py $f ${n:+--per $n} 2>&1 | head -12
done > kernels.txt
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('fm*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), j.get('objective'), j.get('support_vectors'))
PY
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> clocks.txt
tar czf $OUT/call2.tgz .
cat summary.txt; grep -E "^(logreg|rbf|read) " logreg-*.txt rbf-*.txt | sed "s/  */ /g" | cut -d" " -f1-5,12-14; grep -A9 "^== " kernels.txt | grep -E "^==|smo_"; tail -n 3 err.txt
