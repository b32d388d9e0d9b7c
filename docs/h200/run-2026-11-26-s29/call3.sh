#!/usr/bin/env bash
# Session 29, call 3 (H200): the candidate commit (duet-n: the selection's held positions in
# workgroup memory, smo_ws_held; the register-resident logistic pass with named vec4s) against
# duet-d (65fd0a9's kernels). (1) Conformance of duet-n on both backends (logreg, smo, svm).
# (2) The SVM: per-kernel times of 7/9 and 0/6 through both backends, trainings interleaved
# three times beside LIBSVM (scikit-learn's SVC), blobs at three shapes. The logistic sweep is
# call 4.
set -u
R=/tmp/s29c3; rm -rf $R; mkdir -p $R
for b in duet-d duet-n; do gunzip -kf .gpu/bin/$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
DATA=.gpu/data; ROOT=$(pwd)
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 240 $E/duet-n conform --op logreg,smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-n.txt 2>&1
tail -n 1 $R/conform-n.txt
for b in duet-d duet-n; do $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device wgpu:0 > /dev/null 2>&1; done
for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do for b in duet-d duet-n; do
  T=DUET_WGPU_TRACE; [ $dev = opencl:1 ] && T=DUET_CL_TRACE
  env $T=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device $dev > $R/prof${pr/,/-}-${dev%:*}-$b.json 2> $R/trace${pr/,/-}-${dev%:*}-$b.txt
done; done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do for b in duet-d duet-n; do
  timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-${dev%:*}-$b-$rep.json 2>> $R/err.txt
done; done; done; done
for pr in 7,9 0,6; do timeout 100 python3 scripts/libsvm_peer.py $DATA --classes $pr --c 10 --cache-mb 16000 > $R/libsvm${pr/,/-}.txt 2>&1; done
for s in 9999,7 131071,33 524288,64; do for dev in wgpu:0 opencl:1; do for b in duet-d duet-n; do
  timeout 60 $E/$b train svm --synthetic $s --json --device $dev > $R/blob-${s/,/x}-${dev%:*}-$b.json 2>> $R/err.txt
done; done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R
for f in trace*.txt; do j=prof${f#trace}; j=${j%.txt}.json
  n=$(python3 -c "import json;j=json.load(open('$j'));print(j['iterations'])" 2>/dev/null)
  echo "== $f (iterations $n)"; python3 $ROOT/scripts/cl_trace_sum.py $f ${n:+--per $n} 2>&1 | head -10
done > kernels.txt
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('fm*.json'))+sorted(glob.glob('blob*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), round(j.get('gpu_seconds') or 0,4), j['steps'], j.get('iterations'), j.get('objective'), j.get('support_vectors'))
PY
gzip trace*.txt
tar czf $OUT/call3.tgz .
tail -n 1 conform-n.txt; cat summary.txt; grep -E "^==|smo_ws_(select|candidates)" kernels.txt; tail -n 3 libsvm*.txt; tail -n 3 err.txt
