#!/usr/bin/env bash
# Session 33, call 7 (H200): Fashion-MNIST, all ten classes (60 000 training images, 45 pairs),
# with the code since session 32 (X copied to the device once and every pair's points gathered
# there through OpenCL; packed on the host per pair through wgpu). duet-m = this session's
# binary (its SVM code is 9f07d61's). Settings as in sessions 19-32: scaled to [0, 1], C = 10,
# gamma = scale, working_set. Twice per backend, interleaved. (The test images did not fit the
# carried tree's 64 MiB with the training file, so no test accuracy here.)
set -u
R=/tmp/s33c7; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-m.gz
E="bash .gpu/on-device.sh .gpu/bin"
DATA=.gpu/data
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 60 $E/duet-m train svm --data $DATA/train-images-idx3-ubyte.gz --classes 7,9 --scale 0,1 --c 10 --device opencl:1 > /dev/null 2>&1
timeout 60 $E/duet-m train svm --data $DATA/train-images-idx3-ubyte.gz --classes 7,9 --scale 0,1 --c 10 --device wgpu:0 > /dev/null 2>&1
for r in 1 2; do for d in opencl:1 wgpu:0; do
  timeout 120 $E/duet-m train svm --data $DATA/train-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $d > $R/ten-${d%:*}-$r.json 2> $R/ten-${d%:*}-$r.err
  echo "ten $d $r rc=$? $(date -u +%T)" >> $R/log.txt
done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call7.tgz .
cat log.txt clocks.txt
for f in ten-*.json; do echo "$f: $(python3 -c "import json,sys; d=json.load(open('$f')); print({k: d[k] for k in d if k in ('train_seconds','steps','iterations','support_vectors','train_accuracy','classes')})" 2>&1 | head -c 600)"; done
