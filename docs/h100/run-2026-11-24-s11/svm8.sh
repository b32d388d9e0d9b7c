#!/usr/bin/env bash
# SVM benchmarks, part 8 (H100): the working_set strategy against pair, both backends.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r8; rm -rf $R; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
 for s in pair working_set; do
  for nd in 65536,64 262144,64 1048576,64 12000,784; do
    $D train svm --synthetic $nd --max-steps 4000 --allow-unconverged --profile --json --strategy $s --device $dev > $R/step-$tag-$s-${nd/,/x}.json 2>> $R/step.err
  done
  for pair in 0,6 7,9; do
    $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $pair --scale 0,1 --c 10 --json --strategy $s --device $dev > $R/fm${pair/,/-}-$tag-$s.json 2>> $R/fm.err
  done
  $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --strategy $s --device $dev > $R/fm10-60k-$tag-$s.json 2>> $R/fm.err
 done
done
$D conform --op smo --level full --device wgpu:0,opencl:1 > $R/conform-smo.txt 2>&1
cd $R && tar czf $OUT/r8.tgz .
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('/tmp/r8/*.json')):
    try:
        j=json.load(open(f))
    except Exception as e:
        print(f, 'bad json', e); continue
    g=j.get('gpu_seconds'); st=j['steps']; st1=st if isinstance(st,int) else sum(st) if isinstance(st,list) else st
    print(f.split('/')[-1], j['points'], j['features'], st1, round(j['train_seconds'],3), g and round(1e6*g/st1,1), j.get('test_accuracy'), j['objective'][0] if isinstance(j['objective'],list) else j['objective'], j.get('support_vectors'))
PY
tail -3 $R/conform-smo.txt; tail -5 $R/step.err $R/fm.err
