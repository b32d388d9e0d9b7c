#!/usr/bin/env bash
# Session 41, call 3 (H100): the reduce's lanes capped at a sector's columns (8) and its
# log-likelihood summed by workgroup 0 alone (duet) against main (duet-m = e783944): the
# reduce kernel's trace, ten training iterations and the lone gradient at 64 MiB through both
# backends; then conformance of logreg and train. The archive in $OUT is rewritten as each run
# ends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_CL_TRACE=1 timeout 40 $E/duet bench --sizes sweep --budget 0.05 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default --cols 31,256,1000,2000,4096 --sweep-mib 64 --device opencl:1 --param logreg_last_group=0 > $R/trace-cl.txt 2> $R/trace-cl.trace; t "trace rc=$?"
T="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op logreg,train --variant default,multi_group --cols 100,1000,2000,4096 --sweep-mib 64"
for round in 1 2; do
  for dev in opencl:1 wgpu:0; do
    d=${dev%%:*}
    timeout 60 $E/duet-m $T --device $dev > $R/train-m-$d-$round.txt 2>&1; t "m $d $round rc=$?"
    timeout 60 $E/duet $T --device $dev > $R/train-n-$d-$round.txt 2>&1; t "n $d $round rc=$?"
  done
done
timeout 150 $E/duet conform --op logreg,train --device wgpu:0,opencl:1 > $R/conform.txt 2>&1; t "conform rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
t done; cat $R/log.txt $R/clocks.txt; tail -1 $R/conform.txt
