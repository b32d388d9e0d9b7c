#!/usr/bin/env bash
# Session 40, call 7 (H100; call 8 runs it on an H200): `rbf_lane_wg_unaligned` (the
# `row_lanes` workgroup over rows that do not start on 16 bytes; OpenCL automatic 128) as a
# user gets it (entries on) against 256 (`--param rbf_lane_wg_unaligned=256`, the rung's
# workgroup before), RBF rows, default row-major rung, OpenCL, unaligned 17-45 columns and
# aligned controls, 16-256 MiB two rounds and 1 GiB one; then the conformance suite's
# row_lanes cases through OpenCL with the defaults and with rows unpadded (workgroups of 64).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default_row_major"
C=17,21,25,29,33,37,41,45,19,35,48
for round in 1 2; do
  for wg in auto 256; do
    P=""; [ $wg = 256 ] && P="--param rbf_lane_wg_unaligned=256"
    n=r$round-$wg
    DUET_CACHE_DIR=/tmp/none timeout 100 $E/duet $L --sweep-mib 16,64,256 --cols $C --device opencl:1 $P --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
  done
done
for wg in auto 256; do
  P=""; [ $wg = 256 ] && P="--param rbf_lane_wg_unaligned=256"
  n=gib-$wg
  DUET_CACHE_DIR=/tmp/none timeout 60 $E/duet $L --sweep-mib 1024 --cols 17,33,45 --device opencl:1 $P --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
done
timeout 100 $E/duet conform --op rbf --variant row_lanes,default_row_major --device opencl:1 > $R/conform.txt 2>&1
t "conform rc=$?"
timeout 100 $E/duet conform --op rbf --variant row_lanes,default_row_major --device opencl:1 --param row_pad=1 --param row_pad_wide=1 --param rbf_lane_wg_unaligned=64 > $R/conform-64.txt 2>&1
t "conform-64 rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call7.tgz .
cat log.txt clocks.txt; tail -1 conform.txt conform-64.txt
