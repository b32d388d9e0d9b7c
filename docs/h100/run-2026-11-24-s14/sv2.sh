#!/usr/bin/env bash
# Session 14, call 2: smo_hot (the pair strategy's steps whose rows are both cached, many per
# launch in one workgroup) against the commit before it (duet-prev, 78b8e01), alternately:
#  1. duet conform --op smo,svm --level full.
#  2. Fashion-MNIST pairs 0/6 and 7/9 (two rounds) and all ten classes (one round), both backends.
#  3. LIBSVM (scikit-learn's SVC, scripts/libsvm_peer.py, 16 GB cache) on 0/6 and 7/9 in the same call.
#  4. Step time on blobs (2000 steps, --profile): 16 384 × 64 and 12 000 × 784 (smo_hot applies;
#     their first steps rarely revisit a pivot) and 65 536 × 64 (past smo_hot's limit: passes only).
set -u
D="bash .gpu/on-device.sh"
DATA=.gpu/data
R=$OUT/r; mkdir -p $R
$D .gpu/bin/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $D .gpu/bin/duet conform --op smo,svm --level full --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -1 $R/conform.txt; grep FAIL $R/conform.txt | head -5
fm() { # binary tag device args...
  local b=$1 t=$2 d=$3; shift 3
  $D .gpu/bin/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $d "$@" > $R/$t.json 2>> $R/err.txt
}
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for round in 1 2; do
    for cls in 0,6 7,9; do
      for b in duet duet-prev; do fm $b fm${cls/,/-}-$tag-$b-$round $dev --classes $cls; done
    done
  done
  for b in duet duet-prev; do fm $b fm10-$tag-$b $dev; done
  for nd in 16384,64 12000,784 65536,64; do
    for b in duet duet-prev duet duet-prev; do
      $D .gpu/bin/$b train svm --synthetic $nd --max-steps 2000 --allow-unconverged --profile --json --device $dev > $R/step-$tag-${nd/,/x}-$b-$RANDOM.json 2>> $R/err.txt
    done
  done
done
for cls in 0,6 7,9; do
  timeout 120 python3 scripts/libsvm_peer.py $DATA --classes $cls --c 10 --cache-mb 16000 > $R/libsvm-${cls/,/-}.txt 2>&1
done
python3 - <<'PY'
import json,glob,os
for f in sorted(glob.glob(os.environ['OUT']+'/r/*.json')):
    b=os.path.basename(f)
    try: j=json.load(open(f))
    except Exception as e: print(b, 'bad', e); continue
    st=j['steps']; st=sum(st) if isinstance(st,list) else st
    g=j.get('gpu_seconds')
    print(b, j.get('points'), j.get('features'), st, round(j['train_seconds'],3), g and round(1e6*g/max(st,1),1), j.get('test_accuracy'), j.get('support_vectors'), j.get('objective'))
PY
tail -n 4 $R/libsvm-*.txt
tail -3 $R/err.txt
cd $OUT && tar czf sv2.tgz r && rm -rf r
