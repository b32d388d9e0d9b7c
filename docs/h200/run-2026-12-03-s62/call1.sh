#!/usr/bin/env bash
# Session 62, call 1: the logistic finish's two levels through one loop body (duet-fin: the
# working tree over 4b3e516, kernels/logreg.cl's finish_pass only; built-in OpenCL logistic
# entries carried, `--carry logreg`) against duet-lb (f311df0: the same kernels as 4b3e516),
# alternating, two rounds, OpenCL (the WGSL twin is unchanged): training (`multi_group`, 10
# iterations) and the lone gradient at 3/8/17/33/64/100/256 columns (the last-workgroup finish
# through OpenCL: up to 256 columns), 4-64 MiB. Then `tune --verify` of the carried OpenCL
# logistic entries, and the gradient and training's full conformance through OpenCL.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock0.txt 2>&1
timeout 30 $E/duet-lb bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="--budget 0.3 --warmup-ms 300 --no-cpu --no-check"
for round in 1 2; do
  for V in lb fin; do
    timeout 80 $E/duet-$V bench --sizes sweep --op read,logreg,train --variant default,multi_group --cols 3,8,17,33,64,100,256 --sweep-mib 4,16,64 $B --device opencl:1 --json $R/g-$V-$round.json > $R/g-$V-$round.txt 2>&1; t "sweep $V round $round rc=$?"
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock1.txt 2>&1
left=$(( 380 - ($(date +%s) - T0) )); [ $left -gt 150 ] && left=150
timeout $left $E/duet-fin tune --verify --retired --shapes reach --op logreg --device opencl:1 --cache-dir /tmp/none --json $R/verify.json > $R/verify.txt 2>&1; t "verify rc=$?"
left=$(( 560 - ($(date +%s) - T0) ))
timeout $left $E/duet-fin conform --device opencl:1 --level full --op logreg,train --json $R/conform-full.json > $R/conform-full.txt 2>&1; t "conform full logreg,train rc=$?"
gzip -f $R/*.json; t done; cat $R/log.txt; tail -3 $R/conform-full.txt
