#!/usr/bin/env bash
# Session 55, call 4 (H200). `duet-lanes` = call 3's binary with the built-in database after
# `scripts/builtin_db.py --drop-slower --stamp` of call 3's verify (five OpenCL gradient entries
# at 777-4 096 columns dropped: slower than the rule by 2.1-8 %).
# (A) every OpenCL gradient entry where a call finds it, again (a dropped bucket's shapes now find
# the parent's or a smaller size's entry, or the defaults); (B) the tuner from today's table with
# joint moves at 48 and 61 columns, 64 MiB (4 lanes a row: outside the rule).
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-12-02-s55
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
timeout 30 $E/duet-lanes bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 90 $E/duet-lanes tune --verify --retired --shapes reach --op logreg --device opencl:1 --cache-dir /tmp/none --json $R/verify.json > $R/verify.txt 2>&1; t "A verify rc=$?"
timeout 100 $E/duet-lanes tune --op logreg --device opencl:1 --dry-run --cache-dir /tmp/none --shapes $S/narrow.txt --json $R/b-joint.json > $R/b-joint.txt 2>&1; t "B joint rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -v "run the defaults' parameters$" $R/verify.txt | tail -14; cat $R/b-joint.txt
