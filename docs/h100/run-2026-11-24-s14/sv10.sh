#!/usr/bin/env bash
# Session 14, call 10: where a pair step's device time goes. .gpu/bin/duet is a measurement build (main at
# 2785b7c plus smo_breakdown.patch, not committed): every launch of every step run and timed
# on its own (the final launches unfused on OpenCL too), split by whether the pass's row was
# cached. Fashion-MNIST 0/6 (C = 10, gamma scale, [0, 1]) and blobs of 12 000 × 784 (2000 steps).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  DUET_SMO_BREAKDOWN=1 timeout 120 $D train svm --data $DATA/train-images-idx3-ubyte.gz --scale 0,1 --c 10 --classes 0,6 --json --device $dev > $R/fm0-6-$tag.json 2> $R/fm0-6-$tag.err
  grep breakdown $R/fm0-6-$tag.err
  DUET_SMO_BREAKDOWN=1 timeout 60 $D train svm --synthetic 12000,784 --max-steps 2000 --allow-unconverged --json --device $dev > $R/syn-$tag.json 2> $R/syn-$tag.err
  grep breakdown $R/syn-$tag.err
done
cd $OUT && tar czf sv10.tgz r && rm -rf r
