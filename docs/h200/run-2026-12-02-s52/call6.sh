#!/usr/bin/env bash
# Session 52, call 6 (H200): after call 5, the two column-major 4 096-column entries of call 4
# were dropped (slower than the defaults at 256 MiB, which reach them through the lookup's
# nearest smaller bucket); OpenCL's column-major 4 096 columns from 16 MiB then take the older
# 4 MiB+ entry again. `duet tune --verify` of the final database (`duet-tip`) at 64 MiB, 256 MiB
# and 1 GiB of 4 096 columns, both backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s52
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call6.tgz -C $R .; }
timeout 30 $E/duet-tip bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for d in opencl:1 wgpu:0; do
  timeout 60 $E/duet-tip tune --verify --op rbf --device $d --shapes $D/shapes-verify-4096.txt --cache-dir /tmp/none --json $R/verify-rbf-${d%:*}.json > $R/verify-rbf-${d%:*}.txt 2>&1
  t "verify $d rc=$?"
done
gzip $R/*.json
t done; cat $R/log.txt; cat $R/verify-*.txt
