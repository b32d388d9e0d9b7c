#!/usr/bin/env bash
# Session 41, call 1 (H100): where a 64 MiB logistic gradient's time goes (per-kernel traces,
# the pass alone = the partial kernel with the reduce launch), against the read kernel; and
# PyTorch at the same shapes as context. Binary: main e783944.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C=31,100,256,512,1000,2000,4096
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op logreg --variant default --cols $C"
for mib in 64 256; do
  DUET_CL_TRACE=1 timeout 100 $E/duet $L --sweep-mib $mib --device opencl:1 > $R/cl-default-$mib.txt 2> $R/cl-default-$mib.trace; t "cl default $mib rc=$?"
  DUET_CL_TRACE=1 timeout 100 $E/duet $L --sweep-mib $mib --device opencl:1 --param logreg_last_group=0 > $R/cl-reduce-$mib.txt 2> $R/cl-reduce-$mib.trace; t "cl reduce $mib rc=$?"
  DUET_CL_TRACE=1 timeout 60 $E/duet bench --op read --size 2^$([ $mib = 64 ] && echo 24 || echo 26) --budget 0.1 --warmup-ms 300 --no-cpu --no-check --device opencl:1 > $R/cl-read-$mib.txt 2> $R/cl-read-$mib.trace; t "cl read $mib rc=$?"
  DUET_WGPU_TRACE=1 timeout 100 $E/duet $L --sweep-mib $mib --device wgpu:0 > $R/wg-default-$mib.txt 2> $R/wg-default-$mib.trace; t "wg default $mib rc=$?"
  DUET_WGPU_TRACE=1 timeout 60 $E/duet bench --op read --size 2^$([ $mib = 64 ] && echo 24 || echo 26) --budget 0.1 --warmup-ms 300 --no-cpu --no-check --device wgpu:0 > $R/wg-read-$mib.txt 2> $R/wg-read-$mib.trace; t "wg read $mib rc=$?"
done
timeout 150 python3 docs/h100/run-2026-11-28-s41/torch_ref.py 1,31,100,256,512,1000,2000,4096 64,256 $R/torch.json > $R/torch.txt 2>&1; t "torch rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.trace
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt torch.txt
