#!/usr/bin/env bash
# Session 42, call 3 (H100). (A) The warm-up A/B again with every cache cold for both binaries
# (DUET_KERNEL_CACHE=off: duet's own wgpu pipeline cache; the driver's shader cache off and in a
# new folder): main (`duet-main`) against this change (`duet`), wgpu, 64 MiB, 300 ms warm-ups,
# after 4 s idle, two rounds; clocks sampled every 100 ms. (B) This change as a user gets it
# (built-in entries, OpenCL's finish in two levels from 64 slots a lane): the gradient sweep at
# 64 and 256 MiB through both backends, 500 ms warm-ups.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
stamp() { while IFS= read -r l; do echo "$(date +%s.%N | cut -c1-14) $l"; done; }
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu,utilization.memory,clocks_throttle_reasons.active,memory.used,temperature.gpu --format=csv,nounits -lms 100 > $R/smi.csv 2>&1 &
SMI=$!
echo "start $(date +%s.%N)" >> $R/log.txt
L="bench --sizes sweep --budget 0.1 --no-cpu --no-check --op logreg --variant default"
for round in 1 2; do
  for b in duet-main duet; do
    sleep 4
    n=wg64-cold-$b-r$round; c=$(mktemp -d)
    __GL_SHADER_DISK_CACHE=0 __GL_SHADER_DISK_CACHE_PATH=$c DUET_KERNEL_CACHE=off DUET_CACHE_DIR=/tmp/none timeout 60 $E/$b $L --warmup-ms 300 --sweep-mib 64 --cols 1,4,13,31,100,1000,4096 --device wgpu:0 --json $R/$n.json 2>&1 | stamp > $R/$n.txt; t "$n"
  done
done
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for mib in 64 256; do
  for dev in opencl:1 wgpu:0; do
    n=sweep-${dev%%:*}-$mib
    DUET_CACHE_DIR=/tmp/none timeout 70 $E/duet $L --warmup-ms 500 --sweep-mib $mib --device $dev --json $R/$n.json 2>&1 | stamp > $R/$n.txt; t "$n"
  done
done
kill $SMI
gzip $R/*.json
t done; cat $R/log.txt
