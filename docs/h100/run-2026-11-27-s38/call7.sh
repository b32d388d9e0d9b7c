#!/usr/bin/env bash
# Session 38, call 7 (H100): the tree as it lands (call 5's plus one-lane rows two a step
# keeping 528 workgroups): RBF rows, default rung of both layouts, 256 MiB through wgpu (16
# columns: call 5's regression) and `tune --verify` of the built-in RBF entries through OpenCL
# at session 37's verify shapes and through wgpu at its 256 MiB ones (empty cache).
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s37
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf --variant default,default_row_major"
timeout 80 $E/duet $L --sweep-mib 256 --device wgpu:0 --json $R/sw-256-wgpu.json > $R/sw-256-wgpu.txt 2>&1
t "sweep 256 wgpu rc=$?"
timeout 60 $E/duet $L --sweep-mib 1024 --cols 13,16,33 --device wgpu:0 --json $R/sw-1024-wgpu.json > $R/sw-1024-wgpu.txt 2>&1
t "sweep 1024 wgpu rc=$?"
timeout 100 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify opencl rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call7.tgz .
cat log.txt clocks.txt; tail -3 verify-rbf-opencl.txt
