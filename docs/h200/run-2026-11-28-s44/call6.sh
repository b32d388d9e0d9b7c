#!/usr/bin/env bash
# Session 44, call 6 (H200): RBF rows through OpenCL as a user gets them meet 85 % of the read
# bound at 15 of 27 column counts at 256 MiB on either layout (call 4; wgpu 23-25): `duet tune
# --op rbf --device opencl:1` at five of the worst 256 MiB shapes (both layouts each), into an
# empty cache, what the budget allows. The binary of calls 4-5.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s44
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 250 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-cl-rbf.txt --budget 225 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
echo "tune rc=$?" >> $R/clocks.txt
cp /tmp/tc/*.json $R/ 2>/dev/null
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call6.tgz .
cat clocks.txt; grep "→\|not done\|targets" tune-rbf-opencl.txt
