#!/usr/bin/env bash
# Session 34, call 6 (H100): the RBF rungs that stage or hold the pivots (local_memory, sliced,
# row_lanes) read them straight from X, with no rbf_gather launch before them. duet-m = main
# 54cab53, duet-f = the change. (1) conformance of rbf with duet-f on both backends; (2) the
# default rungs (both layouts) at 64 and 256 MiB, 8-4 096 columns, both binaries interleaved,
# one process per binary, size and backend, unchecked; (3) through OpenCL with duet-f, the
# column-major rungs column_major, sliced and local_memory at 1-250 columns (where OpenCL's
# default is column_major, which still gathers), 64 and 256 MiB.
set -u
R=/tmp/s34c6; rm -rf $R; mkdir -p $R
for b in m f; do gunzip -kf .gpu/bin/duet-$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 60 $E/duet-f conform --op rbf --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
t "conform rc=$?"
timeout 30 $E/duet-f bench --op read --size 2^26 --warmup-ms 800 --reps 3 --no-cpu > /dev/null 2>&1
B="bench --sizes sweep --op rbf --budget 0.15 --warmup-ms 300 --no-cpu --no-check"
for mib in 64 256; do for d in opencl:1 wgpu:0; do for b in m f; do
  timeout 40 $E/duet-$b $B --variant default,default_row_major --sweep-mib $mib --cols 8,33,100,500,1000,4096 --device $d --json $R/ab-$mib-${d%:*}-$b.json > $R/ab-$mib-${d%:*}-$b.txt 2>&1
done; done; done
t "ab"
timeout 60 $E/duet-f $B --variant column_major,sliced,local_memory --sweep-mib 64,256 --cols 1,8,13,33,64,100,250 --device opencl:1 --json $R/rungs.json > $R/rungs.txt 2>&1
t "rungs rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call6.tgz .
cat log.txt clocks.txt; tail -1 conform.txt
f() { grep -E "^rbf " "$1" | sed "s/  */ /g" | cut -d" " -f2,3,5,14 | tr '\n' ';'; }
for mib in 64 256; do for d in opencl wgpu; do for b in m f; do echo "$mib $d $b: $(f ab-$mib-$d-$b.txt)"; done; done; done
echo "rungs: $(f rungs.txt)"
