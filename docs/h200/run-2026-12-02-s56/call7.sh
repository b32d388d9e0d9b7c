#!/usr/bin/env bash
# Session 56, call 7 (H200). `per-call` as in call 6 (examples/per_call.rs of 8c2cac3, the
# built-in database of 642a598): a lone call against one more iteration of a training loop at
# more of the sweep's shapes (4 MiB to 1 GiB, 1 to 4 096 columns), both backends.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call7.tgz -C $R .; }
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
export DUET_CACHE_DIR=/tmp/none
for s in "16383 64" "1349 777" "16777215 1" "3355443 5" "1290555 13" "21591 777" "8387 2000" "4095 4096" "13421771 5" "86369 777" "4194303 64" "345475 777"; do
  timeout 60 $E/per-call wgpu:0,opencl:1 $s 201 >> $R/a-per-call.txt 2>&1; t "$s rc=$?"
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
t done; cat $R/log.txt; cat $R/a-per-call.txt
