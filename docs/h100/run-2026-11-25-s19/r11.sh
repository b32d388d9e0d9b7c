#!/usr/bin/env bash
# Session 19, run 11 (H100): conformance of every op at --level quick with this session's last
# commit (f24a19d), both backends, and Fashion-MNIST 0/6 and 7/9 once more.
set -u
DATA=.gpu/data
R=/tmp/r11; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
timeout 420 $E/duet conform --level quick --device wgpu:0,opencl:1 --json $R/conform.json > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -n 2 $R/conform.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for rep in 1 2; do
    timeout 30 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --classes $pr --scale 0,1 --c 10 --json --device $dev > $R/fm${pr/,/-}-$tag-$rep.json 2>> $R/err.txt
  done
done; done
cd $R
for f in fm*.json; do python3 -c "import json;j=json.load(open('$f'));print('$f', round(j['train_seconds'],3), j['steps'], j['objective'])"; done
tar czf $OUT/r11.tgz .
