#!/usr/bin/env bash
# Session 13, call 12 (H100): OpenCL pads rows only where it costs at most 1/16 of a row
# (row_pad = 1; wgpu keeps 2). The OpenCL odd-column points at 64 and 256 MiB (tuned entries
# off) beside controls, duet tune --verify of OpenCL's logistic entries at 4-64 MiB (their
# kernels are unchanged; the storage of 33 columns is), quick conformance of logreg and svm.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_TUNE=off timeout 150 $D bench --sizes sweep --op logreg --variant default --device opencl:1,wgpu:0 --budget 0.3 --warmup-ms 300 --no-cpu --sweep-mib 64,256 --cols 31,32,33,61,64 --json $R/odd.json > $R/odd.txt 2>&1
echo "odd rc=$?"
DUET_CACHE_DIR=$R/empty timeout 150 $D tune --verify --op logreg --shapes .gpu/sweep-small.txt --device opencl:1 --json $R/verify-opencl1.json > $R/verify-opencl1.txt 2>&1
echo "verify rc=$?"; tail -1 $R/verify-opencl1.txt
timeout 150 $D conform --op logreg,train,svm --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform.txt
grep -E "^logreg" $R/odd.txt | cut -c1-120
cd $OUT && tar czf lt12.tgz r && rm -rf r
