#!/usr/bin/env bash
# Session 13, call 7 (H200): quick conformance of every op (the one-dispatch reductions and the
# padded rows on a second GPU), then duet tune for read/argext (2^20-2^30) and the logistic op
# (the sweep's 4-64 MiB shapes) on both backends, for the built-in database's H200 entries.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/gpu.txt 2>&1
$D devices > $R/devices.txt 2>&1
timeout 150 $D conform --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform.txt
export DUET_CACHE_DIR=$R/own
for dev in wgpu:0 opencl:1; do
  timeout 100 $D tune --op read,argext --shapes .gpu/reduce-shapes.txt --device $dev --budget 90 --json $R/tune-reduce-${dev/:/}.json > $R/tune-reduce-${dev/:/}.txt 2>&1
  echo "$dev reduce rc=$?"; tail -1 $R/tune-reduce-${dev/:/}.txt
done
timeout 80 $D tune --op logreg --shapes .gpu/sweep-small.txt --device wgpu:0 --budget 70 --json $R/tune-logreg-wgpu0.json > $R/tune-logreg-wgpu0.txt 2>&1
echo "wgpu logreg rc=$?"; tail -1 $R/tune-logreg-wgpu0.txt
timeout 200 $D tune --op logreg --shapes .gpu/sweep-small.txt --device opencl:1 --budget 190 --json $R/tune-logreg-opencl1.json > $R/tune-logreg-opencl1.txt 2>&1
echo "opencl logreg rc=$?"; tail -1 $R/tune-logreg-opencl1.txt
rm -rf $R/own/kernels
cd $OUT && tar czf lt7.tgz r && rm -rf r
