#!/usr/bin/env bash
# Session 56, call 2 (H200). `duet-n` = main 0d0c1e4 with call 1's six OpenCL gradient entries
# merged into the built-in database (scripts/builtin_db.py): 33-48 columns defaults kept, 49-64
# columns two rows a step, pipelined, 264 workgroups (x1.09-1.13 at 16/64/256 MiB).
# (A) every OpenCL gradient entry where a call finds it (`--verify --retired --shapes reach`);
# (B) wgpu's gradient tuned with joint moves at 33 and 49 columns, 64 MiB (into /tmp/tw);
# (C) OpenCL's at 9, 13, 17 and 25 columns (the buckets of 9-12, 13-16, 17-24, 25-32), 16/64/256
#     MiB, into /tmp/tc, in the time left.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-12-02-s56
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-n bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 120 $E/duet-n tune --verify --retired --shapes reach --op logreg --device opencl:1 --cache-dir /tmp/none --json $R/a-verify.json > $R/a-verify.txt 2>&1; t "A verify rc=$?"
timeout 100 $E/duet-n tune --op logreg --device wgpu:0 --cache-dir /tmp/tw --shapes $S/wgpu-four-lanes.txt --budget 90 --json $R/b-wgpu.json > $R/b-wgpu.txt 2>&1; t "B wgpu rc=$?"
left=$(( 565 - ($(date +%s) - T0) ))
timeout $left $E/duet-n tune --op logreg --device opencl:1 --cache-dir /tmp/tc --shapes $S/narrow.txt --budget $(( left - 25 )) --json $R/c-narrow.json > $R/c-narrow.txt 2>&1; t "C narrow rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -v "run the defaults' parameters$" $R/a-verify.txt | tail -12; tail -5 $R/b-wgpu.txt; tail -15 $R/c-narrow.txt
