#!/usr/bin/env bash
# Session 47, call 6 (H200): call 5's PyTorch/Triton comparison with the warm-up after the
# first (compiling) call, and Triton's launch shapes varied (BLOCK / num_warps).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call6.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $R/clocks.txt
timeout 200 python3 docs/h200/run-2026-11-28-s47/call6_rows.py > $R/torch.txt 2>&1
t "torch rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
t done; cat $R/log.txt $R/torch.txt
