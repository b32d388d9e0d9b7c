#!/usr/bin/env bash
# SVM benchmarks, part 7 (H100): OpenCL passes finish in their last workgroup (2 launches a step).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r7; rm -rf $R; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu --backend opencl > /dev/null 2>&1
dev=opencl:1; tag=opencl
for nd in 16384,64 65536,64 262144,64 1048576,64 12000,784; do
  $D train svm --synthetic $nd --max-steps 2000 --allow-unconverged --profile --json --device $dev > $R/step-$tag-${nd/,/x}.json 2>> $R/step.err
done
for pair in 0,6 7,9; do
  $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $pair --scale 0,1 --c 10 --json --device $dev > $R/fm${pair/,/-}-$tag.json 2>> $R/fm.err
done
$D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-60k-$tag.json 2>> $R/fm.err
$D conform --op smo --level full --device wgpu:0,opencl:1 > $R/conform-smo.txt 2>&1
cd $R && tar czf $OUT/r7.tgz .
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('/tmp/r7/*.json')):
    j=json.load(open(f)); g=j.get('gpu_seconds')
    print(f.split('/')[-1], j['points'], j['features'], j['steps'], round(j['train_seconds'],3), g and round(1e6*g/j['steps'],1), j.get('test_accuracy'), j['objective'][0])
PY
tail -2 $R/conform-smo.txt
