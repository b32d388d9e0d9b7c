#!/usr/bin/env bash
# Session 19, run 12 (H100): after the review commit (db4005d: index arithmetic of the rows
# pass and the select's miss list, no value changes): smo/svm conformance, both backends, and
# Fashion-MNIST 0/6 and 7/9 twice (same steps and objectives as run 11 expected).
set -u
DATA=.gpu/data
R=/tmp/r12; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
timeout 300 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; for rep in 1 2; do
  timeout 30 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --classes $pr --scale 0,1 --c 10 --json --device $dev > $R/fm${pr/,/-}-$tag-$rep.json 2>> $R/err.txt
done; done; done
cd $R
for f in fm*.json; do python3 -c "import json;j=json.load(open('$f'));print('$f', round(j['train_seconds'],3), j['steps'], j['objective'])"; done
tar czf $OUT/r12.tgz .
