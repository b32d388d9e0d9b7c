#!/usr/bin/env bash
# Session 56, call 3 (H200). `duet-m` = main 0d0c1e4; `duet-p` = the same with calls 1-2's
# entries merged into the built-in database (OpenCL's gradient at 9-64 columns, 16/64/256 MiB:
# 17-32 and 49-64 columns with entries that set parameters, the rest defaults kept; wgpu's 33
# and 49 columns at 64 MiB, defaults kept).
# (A) every OpenCL gradient entry where a call finds it, with duet-p;
# (B) the gradient as a user gets it, 13-64 columns at 16/64/256 MiB: OpenCL before and after,
#     wgpu beside (after);
# (C) OpenCL's gradient tuned with joint moves at 65, 97, 129 and 193 columns (the wide-row
#     rule's buckets of 65-96 ... 193-256), 64/256 MiB, into /tmp/tc, in the time left.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-12-02-s56
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
timeout 30 $E/duet-p bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 120 $E/duet-p tune --verify --retired --shapes reach --op logreg --device opencl:1 --cache-dir /tmp/none --json $R/a-verify.json > $R/a-verify.txt 2>&1; t "A verify rc=$?"
L="bench --sizes sweep --budget 0.1 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default"
C="--cols 13,16,17,21,24,25,29,31,32,33,40,45,48,49,56,61,64 --sweep-mib 16,64,256"
DUET_CACHE_DIR=/tmp/none timeout 90 $E/duet-m $L $C --device opencl:1 --json $R/b-before.json > $R/b-before.txt 2>&1; t "B before rc=$?"
DUET_CACHE_DIR=/tmp/none timeout 120 $E/duet-p $L $C --device opencl:1,wgpu:0 --json $R/b-after.json > $R/b-after.txt 2>&1; t "B after rc=$?"
left=$(( 565 - ($(date +%s) - T0) ))
[ $left -gt 60 ] && { timeout $left $E/duet-p tune --op logreg --device opencl:1 --cache-dir /tmp/tc --shapes $S/wide.txt --budget $(( left - 25 )) --json $R/c-wide.json > $R/c-wide.txt 2>&1; t "C wide rc=$?"; }
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -v "run the defaults' parameters$" $R/a-verify.txt | tail -14; tail -12 $R/c-wide.txt
