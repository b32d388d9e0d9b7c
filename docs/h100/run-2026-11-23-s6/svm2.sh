#!/usr/bin/env bash
# SVM benchmarks, part 2 (H100): after the SMO_SLICES and launch changes. One tarball comes back.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
PY=python3
R=/tmp/r; mkdir -p $R
# LIBSVM (scikit-learn's SVC) on all 60 000 images, 10 classes, in the background, at most 560 s.
( /usr/bin/time -v timeout 560 $PY .gpu/libsvm_peer.py $DATA --c 10 --cache-mb 16000 > $R/fm10-60k-libsvm.json ) 2> $R/sk10.err &
SK=$!
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu --backend wgpu > /dev/null 2>&1
$D bench --op read --size 2^20,2^22,2^24,2^26 --warmup-ms 500 --no-cpu --json $R/read.json > $R/read.txt 2>&1
for dev in wgpu:0 opencl:1; do
  tag=${dev%%:*}
  for n in 16384 65536 262144 1048576; do
    $D train svm --synthetic $n,64 --max-steps 2000 --allow-unconverged --profile --json --device $dev > $R/step-$tag-$n.json 2>> $R/step.err
  done
  for nd in 12000,784 12000,100 100000,784; do
    $D train svm --synthetic $nd --max-steps 2000 --allow-unconverged --profile --json --device $dev > $R/step-$tag-${nd/,/x}.json 2>> $R/step.err
  done
done
for pair in 0,6 7,9; do
  p=${pair/,/-}
  for dev in wgpu:0 opencl:1; do
    tag=${dev%%:*}
    $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $pair --scale 0,1 --c 10 --json --device $dev > $R/fm$p-$tag.json 2>> $R/fm.err
  done
done
for dev in wgpu:0 opencl:1; do
  tag=${dev%%:*}
  $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --model $R/fm10-$tag.model --device $dev > $R/fm10-60k-$tag.json 2>> $R/fm.err
done
wait $SK
tar czf $OUT/r.tgz -C $R .
for f in $R/*.err; do echo "== $f"; tail -n 4 $f; done
for f in $R/*.json; do case $f in *read.json) ;; *) echo "== $f"; cat $f | tr -d '\n ' | cut -c1-400; echo;; esac; done
grep -E "read .*2\^" $R/read.txt
