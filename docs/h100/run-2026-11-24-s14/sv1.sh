#!/usr/bin/env bash
# Session 14, call 1: SVM training with X split over several bindings.
#  1. duet conform --op smo,svm --level full (the [split bindings] cases: 1 100 × 600 at a 1 MiB cap).
#  2. Fashion-MNIST pairs 0/6 and 7/9, this commit (duet) against the one before it (duet-old,
#     6233fb2), alternately, both backends: the one-binding path must not be slower.
#  3. Step time on blobs (2000 steps, --profile), new against old: 262 144 × 64 and 12 000 × 784.
#  4. 1 100 000 × 512 blobs (2.25 GB: two bindings on wgpu, one on OpenCL), 500 steps, --profile,
#     with the read kernel at the same bytes: the split path on a real GPU.
set -u
D="bash .gpu/on-device.sh"
DATA=.gpu/data
R=$OUT/r; mkdir -p $R
$D .gpu/bin/duet devices --json > $R/devices.json 2>&1
$D .gpu/bin/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $D .gpu/bin/duet conform --op smo,svm --level full --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -1 $R/conform.txt; grep -c "split bindings" $R/conform.txt; grep FAIL $R/conform.txt | head -5
fm() { # binary tag device args...
  local b=$1 t=$2 d=$3; shift 3
  $D .gpu/bin/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $d "$@" > $R/$t.json 2>> $R/err.txt
}
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for cls in 0,6 7,9; do
    for round in 1 2; do
      for b in duet duet-old; do fm $b fm${cls/,/-}-$tag-$b-$round $dev --classes $cls; done
    done
  done
  for nd in 262144,64 12000,784; do
    for b in duet duet-old duet duet-old; do
      $D .gpu/bin/$b train svm --synthetic $nd --max-steps 2000 --allow-unconverged --profile --json --device $dev > $R/step-$tag-${nd/,/x}-$b-$RANDOM.json 2>> $R/err.txt
    done
  done
done
# 1 100 000 × 512 floats = 2.25 GB (column-major, pitch 1 100 032); the read kernel at 2^28 floats (1 GiB: its plateau).
$D .gpu/bin/duet bench --op read --size 2^28 --warmup-ms 500 --reps 5 --no-cpu --device wgpu:0,opencl:1 --json $R/read-2g.json > $R/read-2g.txt 2>> $R/err.txt
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 150 $D .gpu/bin/duet train svm --synthetic 1100000,512 --max-steps 500 --allow-unconverged --profile --json --device $dev > $R/big-$tag.json 2>> $R/err.txt
done
python3 - <<'PY'
import json,glob,os
for f in sorted(glob.glob(os.environ['OUT']+'/r/*.json')):
    b=os.path.basename(f)
    if b in ('devices.json','read-2g.json'): continue
    try: j=json.load(open(f))
    except Exception as e: print(b, 'bad', e); continue
    st=j['steps']; st=sum(st) if isinstance(st,list) else st
    g=j.get('gpu_seconds')
    print(b, j.get('points'), j.get('features'), st, round(j['train_seconds'],3), g and round(1e6*g/max(st,1),1), j.get('test_accuracy'), j.get('support_vectors'), j.get('objective'))
PY
tail -3 $R/err.txt
cd $OUT && tar czf sv1.tgz r && rm -rf r
