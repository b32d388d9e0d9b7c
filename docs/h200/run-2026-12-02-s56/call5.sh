#!/usr/bin/env bash
# Session 56, call 5 (H200). `duet-q` = main 0d0c1e4 with every entry of calls 1-4 merged into
# the built-in database (scripts/builtin_db.py); `duet-p` = call 3's (calls 1-2's alone).
# (A) every gradient entry where a call finds it, both backends, with duet-q;
# (B) wgpu's gradient as a user gets it, 13-64 columns at 16/64/256 MiB, before (duet-p) and
#     after (duet-q).
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
timeout 30 $E/duet-q bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 120 $E/duet-q tune --verify --retired --shapes reach --op logreg --device opencl:1,wgpu:0 --cache-dir /tmp/none --json $R/a-verify.json > $R/a-verify.txt 2>&1; t "A verify rc=$?"
L="bench --sizes sweep --budget 0.1 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default --device wgpu:0"
C="--cols 13,16,17,21,24,25,29,31,32,33,40,45,48,49,56,61,64 --sweep-mib 16,64,256"
DUET_CACHE_DIR=/tmp/none timeout 90 $E/duet-p $L $C --json $R/b-before.json > $R/b-before.txt 2>&1; t "B before rc=$?"
DUET_CACHE_DIR=/tmp/none timeout 90 $E/duet-q $L $C --json $R/b-after.json > $R/b-after.txt 2>&1; t "B after rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -E "shapes with an entry|slower" $R/a-verify.txt | tail -6
