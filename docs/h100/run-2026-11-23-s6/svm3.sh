#!/usr/bin/env bash
# SVM benchmarks, part 3 (H100): after splitting a check into submissions of 64 steps.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r3; rm -rf $R; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu --backend wgpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  tag=${dev%%:*}
  for nd in 16384,64 1048576,64 12000,784; do
    $D train svm --synthetic $nd --max-steps 2000 --allow-unconverged --profile --json --device $dev > $R/step-$tag-${nd/,/x}.json 2>> $R/step.err
  done
  for pair in 0,6 7,9; do
    $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $pair --scale 0,1 --c 10 --json --device $dev > $R/fm${pair/,/-}-$tag.json 2>> $R/fm.err
  done
  $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-60k-$tag.json 2>> $R/fm.err
done
# The 10-class model's prediction against LIBSVM's predictor is in run 1 (20k); time duet predict alone here.
$D train svm --data $DATA/train-images-idx3-ubyte.gz --scale 0,1 --c 10 --device wgpu:0 --model /tmp/fm10.model > $R/fm10-train-for-predict.txt 2>&1
for dev in wgpu:0 opencl:1 ; do $D predict --model /tmp/fm10.model --data $DATA/t10k-images-idx3-ubyte.gz --device $dev >> $R/predict.txt 2>&1; done
cd $R && tar czf $OUT/r3.tgz . 
for f in $R/*.json; do echo "== $f"; cat $f | tr -d '\n ' | cut -c1-330; echo; done; cat $R/predict.txt; tail -3 $R/*.err
