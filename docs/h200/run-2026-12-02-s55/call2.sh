#!/usr/bin/env bash
# Session 55, call 2 (H200). `duet-now` = main 82f9134 (as in call 1).
# Call 1's tune from today's OpenCL table, with joint moves, found two rows a step, pipelined,
# at 264 workgroups x1.11 at 100 columns (64 MiB; x1.05-1.10 at 125/128 columns and 256 MiB),
# where one axis at a time found at most x1.02: the wide-row rule (513-4 096 columns) applied
# below 513 columns. (A) OpenCL's gradient over the narrower columns as a user gets it and with
# the three values forced, 16/64/256 MiB, two rounds; (B) wgpu's tune from its table with joint
# moves at 100 / 777 / 4 096 columns (its automatic values are those three already).
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-12-02-s55
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-now bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
G=1,2,3,4,5,7,8,13,16,31,32,33,48,61,64,80,96,97,100,113,125,127,128,160,200,250,256,320,400,500,512
L="bench --sizes sweep --budget 0.1 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default --device opencl:1 --cols $G --sweep-mib 16,64,256"
F="--param logreg_rps=2 --param logreg_pipeline=2 --param logreg_max_groups=264"
for round in 1 2; do
  timeout 100 $E/duet-now $L --json $R/a-now-$round.json > $R/a-now-$round.txt 2>&1; t "A as a user gets it $round rc=$?"
  timeout 100 $E/duet-now $L $F --json $R/a-three-$round.json > $R/a-three-$round.txt 2>&1; t "A three forced $round rc=$?"
done
left=$(( 560 - ($(date +%s) - T0) ))
[ $left -gt 30 ] && { timeout $left $E/duet-now tune --op logreg --device wgpu:0 --dry-run --cache-dir /tmp/none --shapes $S/other.txt --json $R/b-wgpu-joint.json > $R/b-wgpu-joint.txt 2>&1; t "B wgpu joint rc=$?"; }
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; cat $R/b-wgpu-joint.txt
