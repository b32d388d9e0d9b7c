#!/usr/bin/env bash
# Session 30, call 3 (H200): duet-q (53e6b9b) changed the logistic kernels' sources, so no
# built-in logistic entry applies to it: `duet tune --op logreg` again at the sweep's 27 column
# counts × 4, 16, 64 and 256 MiB (shapes.txt; 64 and 256 MiB are session 23's 54 shapes), both
# backends, into a fresh cache (with the new axis logreg_pipeline); `tune --verify` there.
set -u
R=/tmp/s30c3; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-q.gz
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-11-26-s30/shapes.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-q bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  timeout 250 $E/duet-q tune --op logreg --device $dev --shapes $S --budget 235 --cache-dir /tmp/tc --json $R/tune-${dev%%:*}.json > $R/tune-${dev%%:*}.txt 2>&1
  echo "tune $dev rc=$? $(date -u +%T)" >> $R/log.txt
done
timeout 60 $E/duet-q tune --verify --op logreg --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/tc --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$? $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip -f $R/*.json; cp /tmp/tc/*.json $R/ 2>/dev/null
cd $R && tar czf $OUT/call3.tgz .
cat log.txt; tail -3 tune-wgpu.txt tune-opencl.txt; tail -8 verify.txt
