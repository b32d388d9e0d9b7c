#!/usr/bin/env bash
# Session 37, call 3 (H100): (a) call 1's 256 MiB sweep through wgpu again (its gradients, after
# the RBF cases in the same process, ran 2-2.6x slow; alone in call 2 they did not), with the
# GPU's clocks, memory in use, power and throttle reasons sampled every 100 ms (smi.csv; log.txt
# has each run's start and end); (b) the sweep at 1 GiB at seven column counts, both backends.
set -u
R=/tmp/s37c3; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
t() { echo "[$(date +%T.%N | cut -c1-12)] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,memory.used,power.draw,pstate,clocks_throttle_reasons.active --format=csv -lms 100 > $R/smi.csv 2>&1 &
SMI=$!
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check"
t "start a: 256 wgpu"
timeout 110 $E/duet $L --op logreg,rbf --variant default,default_row_major --sweep-mib 256 --device wgpu:0 --json $R/sw-256-wgpu.json > $R/sw-256-wgpu.txt 2>&1
t "end a rc=$?"
for d in wgpu:0 opencl:1; do
  t "start b 1024 $d"
  timeout 130 $E/duet $L --op logreg,rbf --variant default,default_row_major --sweep-mib 1024 --cols 1,3,8,33,100,1000,4096 --device $d --json $R/sw-1024-${d%:*}.json > $R/sw-1024-${d%:*}.txt 2>&1
  t "end b rc=$?"
done
kill $SMI
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
gzip $R/*.json
cd $R && tar czf $OUT/call3.tgz .
cat log.txt
