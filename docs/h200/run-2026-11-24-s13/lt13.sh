#!/usr/bin/env bash
# Session 13, call 13 (H200): OpenCL's logistic entries (tuned in lt7 with rows padded from 24
# columns) verified again with row_pad = 1, and quick conformance of logreg, train and svm.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
DUET_CACHE_DIR=$R/empty timeout 150 $D tune --verify --op logreg --shapes .gpu/sweep-small.txt --device opencl:1 --json $R/verify-logreg-opencl1.json > $R/verify-logreg-opencl1.txt 2>&1
echo "verify rc=$?"; tail -1 $R/verify-logreg-opencl1.txt
timeout 150 $D conform --op logreg,train,svm --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform.txt
cd $OUT && tar czf lt13.tgz r && rm -rf r
