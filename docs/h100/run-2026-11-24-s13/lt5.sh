#!/usr/bin/env bash
# Session 13, call 5: duet tune for the logistic op at the sweep's 4, 16 and 64 MiB shapes
# through OpenCL (its built-in entries were voided by the row pitch), then the full
# conformance of the ops that read row-major X (logistic gradient and training, SVM prediction).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
DUET_CACHE_DIR=$R/own timeout 330 $D tune --op logreg --shapes .gpu/sweep-small.txt --device opencl:1 --budget 300 --json $R/tune-opencl1-small.json > $R/tune-opencl1-small.txt 2>&1
echo "tune rc=$?"; tail -2 $R/tune-opencl1-small.txt
timeout 220 $D conform --op logreg,train,svm,rbf --level full --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform.txt
cd $OUT && tar czf lt5.tgz r && rm -rf r
