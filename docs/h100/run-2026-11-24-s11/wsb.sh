#!/usr/bin/env bash
# Measurement build (773d1a5..d2fd6f1 + ws_breakdown.patch): device time of each working_set
# kernel per iteration over the first 30 iterations.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  for nd in 65536,64 1048576,64 12000,784; do
    DUET_WS_BREAKDOWN=1 $D train svm --synthetic $nd --strategy working_set --profile --device $dev 2>&1 | grep breakdown | sed "s/^/$dev /"
  done
  DUET_WS_BREAKDOWN=1 $D train svm --data $DATA/train-images-idx3-ubyte.gz --classes 0,6 --scale 0,1 --c 10 --strategy working_set --profile --device $dev 2>&1 | grep breakdown | sed "s/^/$dev fm0-6 /"
done
