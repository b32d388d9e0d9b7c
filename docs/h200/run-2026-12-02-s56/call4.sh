#!/usr/bin/env bash
# Session 56, call 4 (H200). `duet-p` as in call 3 (its built-in database holds calls 1-2's
# entries). wgpu's gradient, 0.87-0.80 of OpenCL's speed at 17-64 columns and 64 MiB after them:
# (A) tuned with joint moves at 17, 25, 33 and 49 columns (the buckets of 17-24, 25-32, 33-48,
#     49-64; 33 and 49 at 64 MiB were call 2's) at the 16/64/256 MiB sweep points, into /tmp/tw;
# (B) every wgpu gradient entry where a call finds it, the new ones from /tmp/tw among them.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-12-02-s56
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
timeout 30 $E/duet-p bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 330 $E/duet-p tune --op logreg --device wgpu:0 --cache-dir /tmp/tw --shapes $S/wgpu-narrow.txt --budget 300 --json $R/a-tune.json > $R/a-tune.txt 2>&1; t "A tune rc=$?"
left=$(( 565 - ($(date +%s) - T0) ))
timeout $left $E/duet-p tune --verify --retired --shapes reach --op logreg --device wgpu:0 --cache-dir /tmp/tw --json $R/b-verify.json > $R/b-verify.txt 2>&1; t "B verify rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; tail -14 $R/a-tune.txt; grep -v "run the defaults' parameters$" $R/b-verify.txt | tail -16
