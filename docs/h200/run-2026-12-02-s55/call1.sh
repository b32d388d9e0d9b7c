#!/usr/bin/env bash
# Session 55, call 1 (H200). `duet-now` = main 82f9134 (the tuner's joint moves; OpenCL's
# wide-row rule of session 54); `duet-was` = main e2d5f9c (before the rule: OpenCL pipeline 1,
# one row a step, 528 workgroups over wide rows).
# (A) conformance through OpenCL with the rule (gradient and training, full level);
# (B) the tuner from the old OpenCL table (--param logreg_pipeline=1, dry run) at 700 / 1 400 /
# 2 800 columns, 64 MiB, with joint moves and (C) without; (D) 513-699 columns (no sweep column
# there) before and after the rule, 16/64/256 MiB, and wgpu beside them; (E) the tuner from
# today's table with joint moves at 100 / 777 / 4 096 columns.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-12-02-s55
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-now bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 110 $E/duet-now conform --device opencl:1 --op logreg,train --level full --require opencl --json $R/conform.json > $R/conform.txt 2>&1; t "A conform rc=$?"
TU="tune --op logreg --device opencl:1 --dry-run --cache-dir /tmp/none"
timeout 150 $E/duet-now $TU --shapes $S/wide.txt --param logreg_pipeline=1 --json $R/b-joint.json > $R/b-joint.txt 2>&1; t "B joint rc=$?"
timeout 100 $E/duet-now $TU --shapes $S/wide.txt --param logreg_pipeline=1 --no-joint --json $R/c-nojoint.json > $R/c-nojoint.txt 2>&1; t "C no joint rc=$?"
L="bench --sizes sweep --budget 0.1 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default --cols 513,577,640,699 --sweep-mib 16,64,256"
timeout 45 $E/duet-was $L --device opencl:1 --json $R/d-was.json > $R/d-was.txt 2>&1; t "D before rc=$?"
timeout 60 $E/duet-now $L --device opencl:1,wgpu:0 --json $R/d-now.json > $R/d-now.txt 2>&1; t "D after rc=$?"
left=$(( 560 - ($(date +%s) - T0) ))
[ $left -gt 30 ] && { timeout $left $E/duet-now $TU --shapes $S/other.txt --json $R/e-joint.json > $R/e-joint.txt 2>&1; t "E joint from today rc=$?"; }
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; tail -8 $R/conform.txt; tail -6 $R/b-joint.txt $R/c-nojoint.txt
