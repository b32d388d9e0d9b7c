#!/usr/bin/env bash
# Session 45, call 7 (H200): NVIDIA's compiled OpenCL kernels (the program binaries duet's
# kernel cache keeps are PTX text): RBF rows (column- and row-major, 2 and 4 columns) and the
# logistic gradient at 1-2 columns, defaults (DUET_TUNE=off), main 577fbd1, 16 MiB shapes.
set -u
R=/tmp/R; rm -rf $R /tmp/kc; mkdir -p $R /tmp/kc
E="bash .gpu/on-device.sh .gpu/bin"
export DUET_TUNE=off DUET_CACHE_DIR=/tmp/kc
timeout 60 $E/duet bench --sizes sweep --op rbf --variant default,default_row_major --sweep-mib 16 --cols 2,4 --device opencl:1 --budget 0.02 --warmup-ms 10 --no-cpu --no-check > $R/rbf.txt 2>&1
timeout 60 $E/duet bench --sizes sweep --op logreg --variant default --sweep-mib 16 --cols 1,2 --device opencl:1 --budget 0.02 --warmup-ms 10 --no-cpu --no-check > $R/logreg.txt 2>&1
cp -r /tmp/kc $R/kc
cd $R && tar czf $OUT/call7.tgz .
find kc -type f | head -20; du -sh kc
