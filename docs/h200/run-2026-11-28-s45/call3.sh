#!/usr/bin/env bash
# Session 45, call 3 (H200): the conformance suite (quick level, every op) on both backends of
# the H200 with the new logistic cases (separable sets fitted to saturation, |z| ~ 30 and ~ 95)
# and their flush terms; main 1e824a7's code. Then the logistic op at the full level.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 280 $E/duet conform --device wgpu:0,opencl:1 --cases --json $R/conform-quick.json > $R/conform-quick.txt 2>&1
t "conform quick rc=$?"
timeout 200 $E/duet conform --device wgpu:0,opencl:1 --op logreg --level full --cases --json $R/conform-logreg-full.json > $R/conform-logreg-full.txt 2>&1
t "conform logreg full rc=$?"
gzip $R/*.json
t done; cat $R/log.txt
for f in $R/conform-*.txt; do echo "== $f"; grep -E "separated|FAIL" $f | head -20; tail -n 2 $f; done
