#!/usr/bin/env bash
# Session 42, call 2 (H100). (A) The bench's warm-up counted from after the first call (`duet`,
# this change) against main's (`duet-main`: the first call, which builds the kernels, counted
# in the warm-up), wgpu, the 64 MiB gradient sweep with a cold driver shader cache (a new
# __GL_SHADER_DISK_CACHE_PATH each run) and 300 ms warm-ups, after 4 s idle, two rounds; then
# OpenCL with its caches off (CUDA_CACHE_DISABLE, DUET_KERNEL_CACHE=off). Clocks sampled every
# 100 ms (smi.csv), rows time-stamped. (B) OpenCL: the finish in two levels from 8 192 floats of
# partial slots against 32 768 at 4, 16, 64 and 256 MiB, two rounds.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
stamp() { while IFS= read -r l; do echo "$(date +%s.%N | cut -c1-14) $l"; done; }
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu,utilization.memory,clocks_throttle_reasons.active,memory.used,temperature.gpu --format=csv,nounits -lms 100 > $R/smi.csv 2>&1 &
SMI=$!
echo "start $(date +%s.%N)" >> $R/log.txt
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op logreg --variant default"
for round in 1 2; do
  for b in duet-main duet; do
    sleep 4
    n=wg64-$b-r$round; c=$(mktemp -d)
    __GL_SHADER_DISK_CACHE_PATH=$c DUET_CACHE_DIR=/tmp/none timeout 80 $E/$b $L --sweep-mib 64 --device wgpu:0 --json $R/$n.json 2>&1 | stamp > $R/$n.txt; t "$n"
  done
done
for b in duet-main duet; do
  sleep 4
  n=cl64-cold-$b
  CUDA_CACHE_DISABLE=1 DUET_KERNEL_CACHE=off DUET_CACHE_DIR=/tmp/none timeout 60 $E/$b $L --sweep-mib 64 --cols 31,100,1000,4096 --device opencl:1 --json $R/$n.json 2>&1 | stamp > $R/$n.txt; t "$n"
done
C=16,20,24,27,31,32,33,40,48,61,64
for round in 1 2; do
  for s in 32768 8192; do
    n=cl-split$s-r$round
    timeout 75 $E/duet $L --sweep-mib 4,16,64,256 --cols $C --device opencl:1 --param logreg_finish_split=$s --json $R/$n.json 2>&1 | stamp > $R/$n.txt; t "$n"
  done
done
kill $SMI
gzip $R/*.json
t done; cat $R/log.txt
