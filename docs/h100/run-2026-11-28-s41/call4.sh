#!/usr/bin/env bash
# Session 41, call 4 (H100): call 3's binary with the built-in logistic entries re-keyed to
# its kernel sources (call 3's ran without them: the logreg.cl it measured was edited after
# the entries were re-keyed) against main (duet-m = e783944): ten training iterations and the
# lone gradient at 64 MiB through both backends; then conformance of the gradient through
# each backend with the reduce launch in every multi_group case (logreg_last_group=0). The
# archive in $OUT is rewritten as each run ends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
T="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op logreg,train --variant default,multi_group --cols 100,1000,2000,4096 --sweep-mib 64"
for dev in opencl:1 wgpu:0; do
  d=${dev%%:*}
  timeout 60 $E/duet-m $T --device $dev > $R/train-m-$d.txt 2>&1; t "m $d rc=$?"
  timeout 60 $E/duet $T --device $dev > $R/train-n-$d.txt 2>&1; t "n $d rc=$?"
done
timeout 220 $E/duet conform --op logreg --device opencl:1 --param logreg_last_group=0 > $R/conform-cl.txt 2>&1; t "conform cl rc=$?"
timeout 150 $E/duet conform --op logreg --device wgpu:0 --param logreg_last_group=0 > $R/conform-wg.txt 2>&1; t "conform wg rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
t done; cat $R/log.txt $R/clocks.txt; tail -1 $R/conform-*.txt
