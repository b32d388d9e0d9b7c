#!/usr/bin/env bash
# SVM benchmarks, part 1 (H100). Files under $OUT come back.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
PY=python3
mkdir -p $OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv > $OUT/gpu.txt 2>&1
# LIBSVM (scikit-learn's SVC), 10 classes on the first 20 000 images, in the background.
$PY .gpu/libsvm_peer.py $DATA --c 10 --cache-mb 16000 --limit 20000 > $OUT/fm10-20k-libsvm.json 2> $OUT/sk10.err &
SK=$!
$D devices > $OUT/devices.txt 2>&1
# Warm the clocks, then the read bound at the step sizes' bytes.
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu --backend wgpu > /dev/null 2>&1
$D bench --op read --size 2^20,2^22,2^24,2^26 --warmup-ms 500 --no-cpu --json $OUT/read.json > $OUT/read.txt 2>&1
# Time per SMO step (device timer), 2000 steps, at 16k-1M points of 64 features and 12000 x 784.
for dev in wgpu:0 opencl:1; do
  tag=${dev%%:*}
  for n in 16384 65536 262144 1048576; do
    $D train svm --synthetic $n,64 --max-steps 2000 --allow-unconverged --profile --json --device $dev > $OUT/step-$tag-$n.json 2>> $OUT/step.err
  done
  $D train svm --synthetic 12000,784 --max-steps 2000 --allow-unconverged --profile --json --device $dev > $OUT/step-$tag-12000x784.json 2>> $OUT/step.err
done
# Binary Fashion-MNIST pairs (12 000 x 784), scaled to [0, 1], C 10, gamma scale: duet both backends, then LIBSVM.
for pair in 0,6 7,9; do
  p=${pair/,/-}
  for dev in wgpu:0 opencl:1; do
    tag=${dev%%:*}
    $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $pair --scale 0,1 --c 10 --json --device $dev > $OUT/fm$p-$tag.json 2>> $OUT/fm.err
  done
  timeout 200 $PY .gpu/libsvm_peer.py $DATA --classes $pair --c 10 --cache-mb 16000 > $OUT/fm$p-libsvm.json 2>> $OUT/fm.err
done
# Ten classes, duet on the same 20 000 images, then on all 60 000.
for dev in wgpu:0 opencl:1; do
  tag=${dev%%:*}
  $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --limit 20000 --scale 0,1 --c 10 --json --device $dev > $OUT/fm10-20k-$tag.json 2>> $OUT/fm.err
done
wait $SK
ls -la $OUT; for f in $OUT/*.err; do echo "== $f"; tail -n 5 $f; done
for f in $OUT/*.json; do case $f in *read.json) ;; *) echo "== $f"; cat $f | tr -d '\n '; echo;; esac; done
