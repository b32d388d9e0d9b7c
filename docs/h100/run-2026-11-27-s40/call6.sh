#!/usr/bin/env bash
# Session 40, call 6 (H100): for a proposal, not a change — the `row_lanes` rung's workgroup
# (`rbf_wg` 256, the default, against 128 and 64) through OpenCL on rows that do not start on
# 16 bytes (17-45 columns that OpenCL leaves unpadded) and on aligned controls (19, 35 and 43
# are padded to whole float4s, 48 is whole), entries off, 16 MiB to 1 GiB, two rounds.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default_row_major"
C=17,21,25,29,33,37,41,45,19,35,43,48
for round in 1 2; do
  for wg in 256 128 64; do
    n=r$round-wg$wg
    DUET_TUNE=off timeout 100 $E/duet $L --sweep-mib 16,64,256 --cols $C --device opencl:1 --param rbf_wg=$wg --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
  done
done
n=gib
for wg in 256 128 64; do
  DUET_TUNE=off timeout 60 $E/duet $L --sweep-mib 1024 --cols 17,33,45 --device opencl:1 --param rbf_wg=$wg --json $R/$n-wg$wg.json > $R/$n-wg$wg.txt 2>&1
  t "$n-wg$wg rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call6.tgz .
cat log.txt clocks.txt
