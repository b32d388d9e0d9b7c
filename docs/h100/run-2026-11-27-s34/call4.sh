#!/usr/bin/env bash
# Session 34, call 4 (H100): main 54cab53. (1) Where OpenCL's time goes past the read kernel
# (DUET_CL_TRACE=1: each kernel's start and end): RBF rows at 64 MiB (1, 100, 1 000 columns,
# column-major default) and the logistic gradient at 4 MiB (256, 500, 1 000 columns). (2) The
# wgpu gradient at 256 MiB, 1, 2, 1 000 and 1 024 columns (call 2's low points), one case per
# process, checked, twice. (3) `duet tune` on the H100, which has no rbf or logreg entry in
# the built-in database, where call 2 found the misses: the logistic gradient through OpenCL
# at 4 and 64 MiB and through wgpu at 64 MiB; RBF rows through OpenCL at 64 and 256 MiB (both
# layouts); then (4) `tune --verify` of those entries against the defaults at every shape.
set -u
R=/tmp/s34c4; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
gunzip -kf .gpu/bin/duet.gz
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s34
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
left() { echo $(( $1 - $(date +%s) + T0 )); }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="bench --sizes sweep --budget 0.05 --warmup-ms 300 --no-cpu --no-check --reps 5 --device opencl:1"
DUET_CL_TRACE=1 timeout 30 $E/duet $B --op rbf --variant default --sweep-mib 64 --cols 1,100,1000 > $R/trace-rbf.txt 2>&1
DUET_CL_TRACE=1 timeout 30 $E/duet $B --op logreg --variant default --sweep-mib 4 --cols 256,500,1000 > $R/trace-logreg.txt 2>&1
t traces
for r in 1 2; do for c in 1 2 1000 1024; do
  timeout 30 $E/duet bench --sizes sweep --op logreg --variant default --sweep-mib 256 --cols $c --device wgpu:0 --budget 0.15 --warmup-ms 400 --no-cpu > $R/wgpu-256-$c-$r.txt 2>&1
done; done
t "wgpu recheck"
timeout 140 $E/duet tune --op logreg --device opencl:1 --shapes $D/shapes-4-64.txt --budget 130 --cache-dir /tmp/tc --json $R/tune-logreg-opencl.json > $R/tune-logreg-opencl.txt 2>&1
t "tune logreg opencl rc=$?"
timeout 60 $E/duet tune --op logreg --device wgpu:0 --shapes $D/shapes-64.txt --budget 50 --cache-dir /tmp/tc --json $R/tune-logreg-wgpu.json > $R/tune-logreg-wgpu.txt 2>&1
t "tune logreg wgpu rc=$?"
timeout 140 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-64-256.txt --budget 130 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rbf opencl rc=$?"
timeout $(left 420) $E/duet tune --verify --op logreg --device opencl:1 --shapes $D/shapes-4-64.txt --cache-dir /tmp/tc --json $R/verify-logreg-opencl.json > $R/verify-logreg-opencl.txt 2>&1
t "verify logreg opencl rc=$?"
timeout $(left 455) $E/duet tune --verify --op logreg --device wgpu:0 --shapes $D/shapes-64.txt --cache-dir /tmp/tc --json $R/verify-logreg-wgpu.json > $R/verify-logreg-wgpu.txt 2>&1
t "verify logreg wgpu rc=$?"
timeout $(left 560) $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-64-256.txt --cache-dir /tmp/tc --json $R/verify-rbf-opencl.json > $R/verify-rbf-opencl.txt 2>&1
t "verify rbf opencl rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cp /tmp/tc/*.json $R/ 2>/dev/null; ls /tmp/tc > $R/cache-files.txt
cd $R && tar czf $OUT/call4.tgz .
cat log.txt clocks.txt
grep -hE "targets tuned|s for" tune-*.txt; grep -hE "shapes with|geometric|slower" verify-*.txt | head -20
for f in wgpu-256-*.txt; do echo "$f $(grep -E '^logreg' $f | sed 's/  */ /g' | cut -d' ' -f5-8,14,17)"; done
grep -h "cl-trace" trace-rbf.txt trace-logreg.txt | awk "NR%6==0" | head -40
