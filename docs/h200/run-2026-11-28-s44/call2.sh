#!/usr/bin/env bash
# Session 44, call 2 (H200): call 1's verify found the H200's OpenCL logistic entries up to
# x0.77 slower than today's defaults; re-tune their buckets (shapes-cl-retune.txt) into an empty
# cache and verify the result (cache, then built-in) at call 1's shapes; then verify the H200's
# built-in RBF entries (both layouts) at the same shapes on both backends. Main d1c2195.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc /tmp/none
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s44
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 250 $E/duet tune --op logreg --device opencl:1 --shapes $D/shapes-cl-retune.txt --budget 230 --cache-dir /tmp/tc --json $R/tune-logreg-opencl.json > $R/tune-logreg-opencl.txt 2>&1
t "tune rc=$?"
cp /tmp/tc/*.json $R/ 2>/dev/null
timeout 90 $E/duet tune --verify --op logreg --device opencl:1 --shapes $D/shapes-verify.txt --cache-dir /tmp/tc > $R/verify2-logreg-opencl.txt 2>&1
t "verify logreg rc=$?"
for d in opencl:1 wgpu:0; do
  timeout 80 $E/duet tune --verify --op rbf --device $d --shapes $D/shapes-verify.txt --cache-dir /tmp/none > $R/verify-rbf-${d%:*}.txt 2>&1
  t "verify rbf $d rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/tune-*.json
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt; for f in tune-logreg-opencl.txt verify2-logreg-opencl.txt verify-rbf-opencl.txt verify-rbf-wgpu.txt; do tail -n 2 $f; done
