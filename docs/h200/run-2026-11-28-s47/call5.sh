#!/usr/bin/env bash
# Session 47, call 5 (H200): one read and two writes a float — PyTorch/Triton (call5_rows.py)
# beside duet's 1-column RBF rows and read kernel at 1 and 2 GiB through both backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $R/clocks.txt
timeout 150 python3 docs/h200/run-2026-11-28-s47/call5_rows.py > $R/torch.txt 2>&1
t "torch rc=$?"
export DUET_TUNE=off
timeout 150 $E/duet-new bench --sizes sweep --op rbf --variant default,default_row_major --cols 1 --sweep-mib 1024,2048 --device opencl:1,wgpu:0 --budget 0.1 --warmup-ms 600 --no-cpu --no-check --json $R/duet.json > $R/duet.txt 2>&1
t "duet rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/torch.txt; grep "^rbf\|^read" $R/duet.txt | cut -c1-130
