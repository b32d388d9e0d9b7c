#!/usr/bin/env bash
# Session 55, call 5 (H200). `duet-lanes` = call 4's with the OpenCL H200 gradient entry of
# 2 048 columns and 16 MiB dropped (call 4: it served 1 536 columns through the parent rule at
# x0.722 of the defaults, and its own 2 000 columns at x0.989). Every OpenCL gradient entry where
# a call finds it, once more.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
timeout 30 $E/duet-lanes bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 90 $E/duet-lanes tune --verify --retired --shapes reach --op logreg --device opencl:1 --cache-dir /tmp/none --json $R/verify.json > $R/verify.txt 2>&1; t "verify rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -v "run the defaults' parameters$" $R/verify.txt | tail -9
