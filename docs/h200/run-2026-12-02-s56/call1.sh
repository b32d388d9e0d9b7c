#!/usr/bin/env bash
# Session 56, call 1 (H200). `duet-m` = main 0d0c1e4.
# (A) wgpu's results mapped where the kernels write them (the default on NVIDIA) against a copy
#     into a staging buffer (DUET_WGPU_MAPPED=0): GPU and wall time of the read kernel at
#     2^20-2^26 floats and of the gradient at 64/100/256 columns, 16 and 64 MiB; two rounds,
#     alternating; OpenCL beside once. Is part of wgpu's 2-2.5 us over OpenCL's read kernel the
#     host-visible result?
# (B) OpenCL's gradient at four lanes a row (33-64 columns, outside the wide-row rule), tuned
#     with joint moves at each bucket's fewest columns (33: edges 45, 48; 49: edges 61, 64; and
#     the size edges) at the 16/64/256 MiB sweep points; entries into /tmp/tc, the report kept.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-12-02-s56
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-m bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
RD="bench --op read --size 2^20,2^22,2^24,2^26 --budget 0.2 --warmup-ms 300 --no-cpu --phases"
LG="bench --sizes sweep --op logreg --variant default --cols 64,100,256 --sweep-mib 16,64 --budget 0.1 --warmup-ms 200 --no-cpu --no-check --phases"
for r in 1 2; do
  for m in 1 0; do
    DUET_WGPU_MAPPED=$m timeout 60 $E/duet-m $RD --device wgpu:0 --json $R/a-read-m$m-$r.json > $R/a-read-m$m-$r.txt 2>&1; t "A read m$m r$r rc=$?"
    DUET_WGPU_MAPPED=$m timeout 60 $E/duet-m $LG --device wgpu:0 --json $R/a-lg-m$m-$r.json > $R/a-lg-m$m-$r.txt 2>&1; t "A logreg m$m r$r rc=$?"
  done
done
timeout 60 $E/duet-m $RD --device opencl:1 --json $R/a-read-cl.json > $R/a-read-cl.txt 2>&1; t "A read cl rc=$?"
timeout 60 $E/duet-m $LG --device opencl:1 --json $R/a-lg-cl.json > $R/a-lg-cl.txt 2>&1; t "A logreg cl rc=$?"
left=$(( 560 - ($(date +%s) - T0) ))
timeout $left $E/duet-m tune --op logreg --device opencl:1 --cache-dir /tmp/tc --shapes $S/four-lanes.txt --budget $(( left - 25 )) --json $R/b-tune.json > $R/b-tune.txt 2>&1; t "B tune rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; cat $R/b-tune.txt | tail -12
