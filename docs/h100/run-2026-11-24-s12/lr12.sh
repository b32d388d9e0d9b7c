#!/usr/bin/env bash
# Session 12, call 12 (52b0860: one SMO reduction tree per kernel file): smo and svm conformance
# at the full level on the H100, both backends.
set -u
R=$OUT/r; mkdir -p $R
timeout 200 bash .gpu/on-device.sh .gpu/bin/duet conform --op smo,svm --level full --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -1 $R/conform-smo-svm.txt
cd $OUT && tar czf lr12.tgz r && rm -rf r
