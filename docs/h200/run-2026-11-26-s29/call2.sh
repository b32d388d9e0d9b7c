#!/usr/bin/env bash
# Session 29, call 2 (H200): (1) registers and local memory of WGSL variants (vk_binary with a
# source file): the register-resident logistic pass with named vec4s (logreg-A) against
# 65fd0a9's arrays (logreg-0); the selection's held positions (smo.wgsl, WS_HELD 16/8/4/2, or
# in workgroup memory: smo-wg). (2) The logistic sweep at 256 MiB: duet-d (65fd0a9) with its
# tuned entries and with DUET_TUNE=off, duet-a (logreg-A) with DUET_TUNE=off (its source hash
# differs, so no entry applies), each also at OpenCL's rows per step and groups. (3) duet-s
# (smo-wg) against duet-d: conformance, per-kernel times and trainings of 7/9 and 0/6.
set -u
R=/tmp/s29c2; rm -rf $R; mkdir -p $R/vk
for b in duet-d duet-a duet-s vk_binary; do gunzip -kf .gpu/bin/$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
DATA=.gpu/data; ROOT=$(pwd)
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
stats() { grep -E "Register|Local|Shared" "$1" | sed 's/  (.*//; s/^ *//' | tr '\n' ' '; }
while read -r name c; do for v in 0 A; do
  timeout 20 $E/vk_binary vk:0 .gpu/var/logreg-$v.wgsl logreg_partial_reg $c > /dev/null 2> $R/vk/logreg-$v-$name.txt
  echo "logreg-$v $name: $(stats $R/vk/logreg-$v-$name.txt)"
done; done > $R/vk-summary.txt <<'LIST'
k8 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k8r1 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k13 LOGREG_K=13,LOGREG_PITCH=13,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=0
k13r1 LOGREG_K=13,LOGREG_PITCH=13,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=0
k16 LOGREG_K=16,LOGREG_PITCH=16,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k33 LOGREG_K=33,LOGREG_PITCH=36,LOGREG_LANES=4,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k777 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k777r1 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k1000 LOGREG_K=1000,LOGREG_PITCH=1000,LOGREG_LANES=64,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
LIST
for v in smo-h8 smo-h4 smo-h2 smo-wg; do for e in smo_ws_select smo_ws_candidates; do
  timeout 20 $E/vk_binary vk:0 .gpu/var/$v.wgsl $e SMO_WS_SPAN=32,SMO_WS_BY_POINT=1 > /dev/null 2> $R/vk/$v-$e.txt
  echo "$v $e: $(stats $R/vk/$v-$e.txt)"
done; done >> $R/vk-summary.txt
cat $R/vk-summary.txt
C=8,13,16,33,64,500,777,1000
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 300 --no-cpu --variant default --sweep-mib 256 --cols $C --device wgpu:0"
G="--param logreg_rps=1 --param logreg_max_groups=528"
$E/duet-d bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 100 $E/duet-d $L > $R/logreg-d.txt 2>&1
DUET_TUNE=off timeout 100 $E/duet-d $L > $R/logreg-d-off.txt 2>&1
DUET_TUNE=off timeout 100 $E/duet-a $L > $R/logreg-a-off.txt 2>&1
DUET_TUNE=off timeout 100 $E/duet-d $L $G > $R/logreg-d-off-r1.txt 2>&1
DUET_TUNE=off timeout 100 $E/duet-a $L $G > $R/logreg-a-off-r1.txt 2>&1
timeout 100 $E/duet-d $L > $R/logreg-d-again.txt 2>&1
timeout 120 $E/duet-a conform --op logreg --level quick --device wgpu:0 > $R/conform-a.txt 2>&1
timeout 150 $E/duet-s conform --op smo,svm --level quick --device wgpu:0 > $R/conform-s.txt 2>&1
for b in duet-d duet-s; do $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device wgpu:0 > /dev/null 2>&1; done
for pr in 7,9 0,6; do for b in duet-d duet-s; do
  DUET_WGPU_TRACE=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device wgpu:0 > $R/prof${pr/,/-}-$b.json 2> $R/trace${pr/,/-}-$b.txt
done; done
for rep in 1 2; do for pr in 7,9 0,6; do for b in duet-d duet-s; do
  timeout 30 $E/$b train svm $(fm $pr) --json --device wgpu:0 > $R/fm${pr/,/-}-$b-$rep.json 2>> $R/err.txt
done; done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R
for f in trace*.txt; do j=prof${f#trace}; j=${j%.txt}.json
  n=$(python3 -c "import json;j=json.load(open('$j'));print(j['iterations'])" 2>/dev/null)
  echo "== $f (iterations $n)"; python3 $ROOT/scripts/cl_trace_sum.py $f ${n:+--per $n} 2>&1 | head -10
done > kernels.txt
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('fm*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), j.get('objective'), j.get('support_vectors'))
PY
gzip trace*.txt
tar czf $OUT/call2.tgz .
tail -n 1 conform-a.txt conform-s.txt; cat summary.txt; grep -E "^==|smo_ws_(select|candidates)" kernels.txt
for f in logreg-*.txt; do echo "== $f"; grep -E "^logreg " $f | sed "s/  */ /g" | cut -d" " -f3,12; done
