#!/usr/bin/env bash
# Session 53, call 4 (H200): the built-in database as calls 1-3 left it, as a user gets it
# (`duet-new` = main 39dfb36 with the new builtin.json compiled in, no cache): `duet tune
# --verify --retired --shapes reach` of every H200 entry, both backends; then the sweep's
# defaults at the columns the new entries serve (33, 45, 61 and 700, 1 400, 2 800), 64 and
# 256 MiB, both ops and layouts, with the read kernel (% of the read bound).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
for d in opencl:1 wgpu:0; do
  timeout 170 $E/duet-new tune --verify --retired --shapes reach --op rbf,logreg --device $d --cache-dir /tmp/none --json $R/reach-${d%:*}.json > $R/reach-${d%:*}.txt 2>&1
  t "reach $d rc=$?"
done
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op logreg,rbf --variant default,default_row_major --cols 33,45,61,700,1400,2800"
for mib in 64 256; do for d in wgpu:0 opencl:1; do
  timeout 60 $E/duet-new $L --sweep-mib $mib --device $d --json $R/sw-$mib-${d%:*}.json > $R/sw-$mib-${d%:*}.txt 2>&1
  t "sweep $mib $d rc=$?"
done; done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -h "geometric\|not used" $R/reach*.txt; grep -h "×0\.[0-9]*)" $R/reach*.txt | cut -c1-160
