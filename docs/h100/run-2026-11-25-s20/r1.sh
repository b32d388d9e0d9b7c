#!/usr/bin/env bash
# Session 20, run 1 (H100): the working-set solve's reductions by subgroup shuffles
# (smo_ws_span: 32 on both backends by default) against workgroup memory only (smo_ws_span=1,
# the session-19 tree), one binary, interleaved: smo/svm conformance with the default; then
# Fashion-MNIST 0/6 and 7/9, both backends, both spans, twice (the same steps and objectives
# expected: the reductions' winner does not depend on their shape); OpenCL kernel times per
# iteration (DUET_CL_TRACE) of 0/6 at both spans; ten classes once per backend.
set -u
DATA=.gpu/data
R=/tmp/r1; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
$E/duet devices > $R/devices.txt 2>&1
t start
timeout 120 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt
t conform
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
# NVIDIA compiles each new set of constants on first use: build both spans before timing.
for dev in wgpu:0 opencl:1; do for sp in 0 1; do
  $E/duet train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev --param smo_ws_span=$sp > /dev/null 2>&1
done; done
t built
for rep in 1 2; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for sp in 0 1; do
    timeout 30 $E/duet train svm $(fm $pr) --json --device $dev --param smo_ws_span=$sp > $R/fm${pr/,/-}-$tag-s$sp-$rep.json 2>> $R/err.txt
  done
done; done; done
t pairs
for sp in 0 1; do
  DUET_CL_TRACE=1 timeout 60 $E/duet train svm $(fm 0,6) --json --profile --device opencl:1 --param smo_ws_span=$sp > $R/trace-s$sp.json 2> $R/trace-s$sp.txt
done
t trace
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 60 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag.json 2>> $R/err.txt
done
t ten
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],3), j['steps'], o, j.get('support_vectors'), j.get('test_accuracy'))
PY
for sp in 0 1; do echo "== span $sp"; python3 $OLDPWD/scripts/cl_trace_sum.py trace-s$sp.txt | head -12; done
gzip -9 trace-s*.txt
tar czf $OUT/r1.tgz .
cat timeline.txt; tail -n 3 err.txt
