#!/usr/bin/env bash
# Session 55, call 3 (H200). `duet-now` = main 82f9134 (as in calls 1-2: OpenCL's wide-row rule
# over 513-4 096 columns); `duet-lanes` = the same with the rule from 8 lanes a row (65-4 096
# columns; LOGREG_WIDE_LANES 64 -> 8), after call 2 found the rule's three values x1.01-1.14 at
# 65-512 columns, 64 and 256 MiB.
# (A) conformance through OpenCL with the wider rule (gradient and training, full level);
# (B) every OpenCL gradient entry where a call finds it, against the new defaults;
# (C) before and after as a user gets it, 33-700 columns, 16/64/256 MiB (wgpu beside);
# (D) 1 GiB at five of the newly covered column counts, before and after.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
timeout 30 $E/duet-lanes bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 120 $E/duet-lanes conform --device opencl:1 --op logreg,train --level full --require opencl --json $R/conform.json > $R/conform.txt 2>&1; t "A conform rc=$?"
timeout 60 $E/duet-lanes tune --verify --retired --shapes reach --op logreg --device opencl:1 --cache-dir /tmp/none --json $R/verify.json > $R/verify.txt 2>&1; t "B verify rc=$?"
L="bench --sizes sweep --budget 0.1 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default"
C="--cols 33,48,61,64,65,80,100,127,128,200,256,320,500,512,700 --sweep-mib 16,64,256"
timeout 110 $E/duet-now $L $C --device opencl:1 --json $R/c-now.json > $R/c-now.txt 2>&1; t "C before rc=$?"
timeout 110 $E/duet-lanes $L $C --device opencl:1,wgpu:0 --json $R/c-lanes.json > $R/c-lanes.txt 2>&1; t "C after rc=$?"
D="--cols 80,100,200,320,512 --sweep-mib 1024"
left=$(( 540 - ($(date +%s) - T0) )); [ $left -gt 60 ] && { timeout $(( left / 2 )) $E/duet-now $L $D --device opencl:1 --json $R/d-now.json > $R/d-now.txt 2>&1; t "D before rc=$?"; }
left=$(( 555 - ($(date +%s) - T0) )); [ $left -gt 30 ] && { timeout $left $E/duet-lanes $L $D --device opencl:1 --json $R/d-lanes.json > $R/d-lanes.txt 2>&1; t "D after rc=$?"; }
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; tail -4 $R/conform.txt; tail -12 $R/verify.txt
