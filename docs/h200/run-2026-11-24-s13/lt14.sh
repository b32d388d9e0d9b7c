#!/usr/bin/env bash
# Session 13, call 14 (H200): the one shape lt13 found 3 % slower (4095 x 256, OpenCL), three
# more verify runs.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
for i in 1 2 3; do
  DUET_CACHE_DIR=$R/empty timeout 60 $D tune --verify --op logreg --shapes .gpu/one-shape.txt --device opencl:1 > $R/verify-one-$i.txt 2>&1
  grep "4095" $R/verify-one-$i.txt
done
cd $OUT && tar czf lt14.tgz r && rm -rf r
