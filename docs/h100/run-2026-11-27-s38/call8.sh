#!/usr/bin/env bash
# Session 38, call 8 (H100): main bd8e0b7 (pivot_at as base + j * step). The column-major
# defaults' bounds with the pivots from X: `column_major` against `sliced` at 9-16 columns
# through OpenCL (default: column_major to 8) and at 33-128 columns through wgpu (column_major
# to 32), at 4, 16, 64, 256 MiB and 1 GiB.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf --variant column_major,sliced"
for mib in 4 16 64 256 1024; do
  timeout 60 $E/duet $L --sweep-mib $mib --cols 9,11,13,16 --device opencl:1 --json $R/cl-$mib.json > $R/cl-$mib.txt 2>&1
  t "opencl $mib rc=$?"
  timeout 60 $E/duet $L --sweep-mib $mib --cols 33,48,61,64,100,127,128 --device wgpu:0 --json $R/wg-$mib.json > $R/wg-$mib.txt 2>&1
  t "wgpu $mib rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call8.tgz .
cat log.txt clocks.txt
