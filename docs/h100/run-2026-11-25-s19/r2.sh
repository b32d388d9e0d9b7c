#!/usr/bin/env bash
# Session 19, run 2 (H100): the working_set rows kernel (4 x 4 register tile, vec4 reads of
# workgroup memory) and solve (K(x_i, .) kept in registers, the pair update by j's work-item,
# four-way reductions) against the kernels before them (duet-old = e2bd597), interleaved, on
# Fashion-MNIST 0/6 and 7/9 and on synthetic blobs; then the new kernels' breakdown on 0/6.
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet-old ] || gunzip -k .gpu/bin/duet-old.gz
R=/tmp/r2; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
bash .gpu/on-device.sh .gpu/bin/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
# Build every configuration once per binary (NVIDIA OpenCL compiles on first use).
for b in duet duet-old; do for dev in wgpu:0 opencl:1; do for q in 256 1024; do
  bash .gpu/on-device.sh .gpu/bin/$b train svm --synthetic 3000,64 --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
  bash .gpu/on-device.sh .gpu/bin/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done
t built
for rep in 1 2; do
 for pr in 0,6 7,9; do for q in 256 1024; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-old; do
   timeout 30 bash .gpu/on-device.sh .gpu/bin/$b train svm $(fm $pr) --json --param smo_ws_q=$q --device $dev > $R/fm${pr/,/-}-ws$q-$tag-$b-$rep.json 2>> $R/err.txt
  done
 done; done; done
 t fm rep $rep
done
for nd in 131072,64 524288,64 60000,13 60000,300; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-old; do
   [ $(( $(date +%s) - T0 )) -gt 420 ] && continue
   timeout 25 bash .gpu/on-device.sh .gpu/bin/$b train svm --synthetic $nd --json --device $dev > $R/syn-${nd/,/x}-$tag-$b.json 2>> $R/err.txt
  done
  t $nd $dev
done; done
DUET_CL_TRACE=1 timeout 60 bash .gpu/on-device.sh .gpu/bin/duet train svm $(fm 0,6) --json --profile --device opencl:1 > $R/fm0-6-ws256-opencl-duet-trace.json 2> $R/trace.txt
timeout 60 bash .gpu/on-device.sh .gpu/bin/duet train svm $(fm 0,6) --json --profile --device wgpu:0 > $R/fm0-6-ws256-wgpu-duet-profile.json 2>> $R/err.txt
cd $R
it=$(python3 -c "import json;print(json.load(open('fm0-6-ws256-opencl-duet-trace.json'))['iterations'])" 2>/dev/null || echo 1)
python3 $OLDPWD/scripts/cl_trace_sum.py trace.txt --per $it | tee breakdown.txt
gzip trace.txt
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],3), j.get('gpu_seconds') and round(j['gpu_seconds'],3), j['steps'], j.get('iterations'), j.get('objective'), j.get('support_vectors'))
PY
tar czf $OUT/r2.tgz .
cat timeline.txt; tail -n 3 err.txt
