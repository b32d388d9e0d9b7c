#!/usr/bin/env bash
# Session 61, call 1: the finish loads the log-likelihood's slots only where a pass records it,
# by an arithmetic loop bound (duet-lb: f311df0, `ll_end = first + count * p.record` in
# finish_sums of both twins; stores and trees as before; built-in logistic entries carried,
# `--carry logreg`) against duet-b7c (b7cbd0a), alternating,
# two rounds, both backends: training (`multi_group`, 10 iterations: 10 of 11 passes record
# nothing) and the lone gradient (records: the control) at 17/33/64/100 columns, 4–64 MiB, and
# the seed's 2048 × 8 × 50 000. Then `tune --verify` of the carried logistic entries, and the
# gradient and training's conformance (quick and full) through both backends.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock0.txt 2>&1
timeout 30 $E/duet-lb bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="--budget 0.3 --warmup-ms 300 --no-cpu --no-check"
for round in 1 2; do
  for V in b7c lb; do
    for D in wgpu:0 opencl:1; do
      timeout 60 $E/duet-$V bench --sizes sweep --op read,logreg,train --variant default,multi_group --cols 17,33,64,100 --sweep-mib 4,16,64 $B --device $D --json $R/g-$V-${D%:*}-$round.json > $R/g-$V-${D%:*}-$round.txt 2>&1; t "sweep $V $D round $round rc=$?"
      timeout 30 $E/duet-$V bench --op read,train --sizes full --size 2^20,2048×8×50000 --variant multi_group --budget 1 --warmup-ms 300 --no-cpu --no-check --device $D --json $R/t-$V-${D%:*}-$round.json > $R/t-$V-${D%:*}-$round.txt 2>&1; t "seed train $V $D round $round rc=$?"
    done
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock1.txt 2>&1
left=$(( 400 - ($(date +%s) - T0) )); [ $left -gt 180 ] && left=180
timeout $left $E/duet-lb tune --verify --retired --shapes reach --op logreg --device opencl:1,wgpu:0 --cache-dir /tmp/none --json $R/verify.json > $R/verify.txt 2>&1; t "verify rc=$?"
left=$(( 570 - ($(date +%s) - T0) ))
timeout $left $E/duet-lb conform --device wgpu:0,opencl:1 --level full --op logreg,train --json $R/conform-full.json > $R/conform-full.txt 2>&1; t "conform full logreg,train rc=$?"
gzip -f $R/*.json; t done; cat $R/log.txt; tail -3 $R/conform-full.txt
