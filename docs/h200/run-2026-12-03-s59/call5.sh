#!/usr/bin/env bash
# Session 59, call 5: where a lone wgpu gradient's host `prepare` phase goes (H200 JSON of
# call 1: 7–10 µs against the read kernel's 0.8). duet-phases = 87bfdf0 with phases.diff
# (phase marks inside the gradient's prepare: plan, scratch, pipeline lookup, bind groups;
# no kernel changed). wgpu and OpenCL, the gradient at 33/64/100 columns, 4–64 MiB.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
timeout 30 $E/duet-phases bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for D in wgpu:0 opencl:1; do
  timeout 60 $E/duet-phases bench --sizes sweep --op read,logreg --variant default --cols 17,33,64,100 --sweep-mib 4,16,64 --budget 0.2 --warmup-ms 300 --no-cpu --no-check --device $D --json $R/p-${D%:*}.json > $R/p-${D%:*}.txt 2>&1; t "phases $D rc=$?"
done
t done; cat $R/log.txt
