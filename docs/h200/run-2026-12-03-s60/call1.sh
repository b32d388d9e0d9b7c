#!/usr/bin/env bash
# Session 60, call 1: the kept bind groups (b7cbd0a, `Gpu::bind_shared`) on the H200.
# DUET_WGPU_KEEP_BINDS=0 (no kept group: every launch binds afresh) against the default (kept),
# alternating, twice: small calls (read, argmin/argmax at 2^10–2^20, RBF rows at 2^10/2^13 ×
# 1000) and the sweep's gradient, training and RBF rows at 17/33/64/100 columns, 4–64 MiB, with
# the wall-time phases in the JSON. OpenCL once for reference. Then conformance through wgpu at
# the quick level (the H200's last ran at 8f0587d, before the change).
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock0.txt 2>&1
timeout 30 $E/duet-b7c bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="--budget 0.3 --warmup-ms 300 --phases --no-cpu --no-check"
for round in 1 2; do
  for K in 0 1; do
    DUET_WGPU_KEEP_BINDS=$K timeout 60 $E/duet-b7c bench --sizes quick --op read,argext,rbf --device wgpu:0 $B --json $R/s-k$K-$round.json > $R/s-k$K-$round.txt 2>&1; t "small K=$K round $round rc=$?"
    DUET_WGPU_KEEP_BINDS=$K timeout 90 $E/duet-b7c bench --sizes sweep --op read,logreg,train,rbf --variant default,multi_group --cols 17,33,64,100 --sweep-mib 4,16,64 $B --device wgpu:0 --json $R/g-k$K-$round.json > $R/g-k$K-$round.txt 2>&1; t "sweep K=$K round $round rc=$?"
  done
  if [ $round = 1 ]; then
    timeout 60 $E/duet-b7c bench --sizes quick --op read,argext,rbf --device opencl:1 $B --json $R/s-cl.json > $R/s-cl.txt 2>&1; t "small opencl rc=$?"
    timeout 90 $E/duet-b7c bench --sizes sweep --op read,logreg,train,rbf --variant default,multi_group --cols 17,33,64,100 --sweep-mib 4,16,64 $B --device opencl:1 --json $R/g-cl.json > $R/g-cl.txt 2>&1; t "sweep opencl rc=$?"
  fi
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock1.txt 2>&1
left=$(( 560 - ($(date +%s) - T0) )); [ $left -gt 200 ] && left=200
timeout $left $E/duet-b7c conform --device wgpu:0 --json $R/conform-wgpu.json > $R/conform-wgpu.txt 2>&1; t "conform wgpu quick rc=$?"
gzip -f $R/*.json; t done; cat $R/log.txt; tail -3 $R/conform-wgpu.txt
