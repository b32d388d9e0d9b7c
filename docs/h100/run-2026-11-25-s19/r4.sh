#!/usr/bin/env bash
# Session 19, run 4 (H100): the working_set solve's reductions in two levels (tree16: 5 barriers
# a pair update where tree4 took 13) — duet (this commit) against duet-r3 (25cf13b, run 3's),
# interleaved, Fashion-MNIST 0/6 at q = 256, three times (e2bd597 left out: the carry's 64 MiB); this commit's
# breakdown; where the rest of the wall time goes (duet-timed: 25cf13b with
# docs/h100/run-2026-11-25-s19/svm-t.patch, DUET_SVM_T=1); ten classes; conformance of smo/svm.
set -u
REPO=$PWD
DATA=.gpu/data
for b in duet duet-r3 duet-timed; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r4; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
D() { bash .gpu/on-device.sh .gpu/bin/"$@"; }
D duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
for b in duet duet-r3 duet-timed; do for dev in wgpu:0 opencl:1; do
  D $b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2 3; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-r3; do
   timeout 30 bash .gpu/on-device.sh .gpu/bin/$b train svm $(fm 0,6) --json --device $dev > $R/fm0-6-ws256-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done
t fm
for rep in 1 2; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  DUET_SVM_T=1 timeout 30 bash .gpu/on-device.sh .gpu/bin/duet-timed train svm $(fm 0,6) --json --device $dev > $R/timed-$tag-$rep.json 2> $R/timed-$tag-$rep.txt
  DUET_SVM_T=1 timeout 30 bash .gpu/on-device.sh .gpu/bin/duet-timed train svm $(fm 0,6) --max-steps 1 --allow-unconverged --json --device $dev > $R/timed1-$tag-$rep.json 2> $R/timed1-$tag-$rep.txt
done; done
t timed
DUET_CL_TRACE=1 timeout 60 bash .gpu/on-device.sh .gpu/bin/duet train svm $(fm 0,6) --json --profile --device opencl:1 > $R/fm0-6-ws256-opencl-duet-trace.json 2> $R/trace.txt
timeout 60 bash .gpu/on-device.sh .gpu/bin/duet train svm $(fm 0,6) --json --profile --device wgpu:0 > $R/fm0-6-ws256-wgpu-duet-profile.json 2>> $R/err.txt
it=$(python3 -c "import json;print(json.load(open('$R/fm0-6-ws256-opencl-duet-trace.json'))['iterations'])" 2>/dev/null || echo 1)
python3 scripts/cl_trace_sum.py $R/trace.txt --per $it | tee $R/breakdown.txt
gzip $R/trace.txt
t traced
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 40 bash .gpu/on-device.sh .gpu/bin/duet train svm --data $DATA/train-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag.json 2>> $R/err.txt
done
t ten
timeout 150 bash .gpu/on-device.sh .gpu/bin/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt; t conform
cd $R
grep -h "svm-t" timed-*-1.txt timed1-*-1.txt | head -40 > timed-lines.txt
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],3), j.get('gpu_seconds') and round(j['gpu_seconds'],3), j['steps'], j.get('iterations'), j.get('objective'))
PY
for f in timed-wgpu-1.txt timed-opencl-1.txt timed1-wgpu-1.txt timed1-opencl-1.txt; do echo "== $f"; grep svm-t $f | awk '{print}' | head -6; grep svm-t $f | tail -3; done
tar czf $OUT/r4.tgz .
cat timeline.txt; tail -n 3 err.txt
