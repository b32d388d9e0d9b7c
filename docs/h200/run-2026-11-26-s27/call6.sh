#!/usr/bin/env bash
# Session 27, call 6 (H200): the review's refactor of smo.cl's solve reduction (one
# ws_shuffled for both stages; duet = the commit after bddbbb6 named in BENCHMARKS.md):
# conformance of smo and svm on both backends, and 0/6 and 7/9 once each with --profile,
# whose steps and objectives must be call 4's.
set -u
DATA=.gpu/data
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R=/tmp/s27c6; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 200 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -n 1 $R/conform-smo-svm.txt
for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  $E/duet train svm $(fm $pr) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
  timeout 60 $E/duet train svm $(fm $pr) --json --profile --device $dev > $R/prof${pr/,/-}-$tag.json 2>> $R/err.txt
  python3 -c "import json;j=json.load(open('$R/prof${pr/,/-}-$tag.json'));print('$pr $tag', j['steps'], j['objective'], j['gpu_seconds'], j['train_seconds'])"
done; done
cd $R; tar czf $OUT/call6.tgz .
