#!/usr/bin/env bash
# Session 56, call 8 (H200). `duet-l` = 49cbabc + the baseline's launch facts (an entry records
# what the defaults launch at its measured shape: the logistic pass's pitch, rows a step, lanes,
# pipelining, workgroups). Every gradient entry where a call finds it, both backends: the report's
# baselines carry the launch, for `scripts/builtin_db.py --stamp`.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call8.tgz -C $R .; }
timeout 30 $E/duet-l bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 150 $E/duet-l tune --verify --retired --shapes reach --op logreg --device opencl:1,wgpu:0 --cache-dir /tmp/none --json $R/verify.json > $R/verify.txt 2>&1; t "verify rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -E "shapes with an entry|slower|retired|stale" $R/verify.txt | tail -8
