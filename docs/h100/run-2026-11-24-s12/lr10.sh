#!/usr/bin/env bash
# Session 12, call 10: the LRU row cache (touching on hits only while the cache holds fewer
# rows than there are points) against round-robin (.gpu/bin/duet-rr), alternately: Fashion-MNIST
# 0/6 with the row cache limited to 100 and 200 MB (2 000 and 4 000 of its 12 000 rows), and
# all ten classes with the default cache (every pair's rows fit), both backends.
set -u
DATA=.gpu/data
R=$OUT/r; mkdir -p $R
bash .gpu/on-device.sh .gpu/bin/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 60 bash .gpu/on-device.sh .gpu/bin/duet conform --op smo --level full --device wgpu:0,opencl:1 > $R/conform-smo.txt 2>&1
tail -1 $R/conform-smo.txt
run() { # binary tag device args...
  local b=$1 t=$2 d=$3; shift 3
  bash .gpu/on-device.sh .gpu/bin/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $d "$@" > $R/$t.json 2>> $R/err.txt
}
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for mb in 100 200; do
    for round in 1 2; do
      for b in duet duet-rr; do run $b fm0-6-$tag-cache$mb-$b-$round $dev --classes 0,6 --cache-mb $mb; done
    done
  done
  for b in duet duet-rr duet duet-rr; do run $b fm10-$tag-$b-$RANDOM $dev; done
done
python3 - <<'PY'
import json,glob,os
for f in sorted(glob.glob(os.environ['OUT']+'/r/*.json')):
    try: j=json.load(open(f))
    except Exception as e: print(f, 'bad', e); continue
    st=j['steps']; st=sum(st) if isinstance(st,list) else st
    print(os.path.basename(f), st, round(j['train_seconds'],3), j.get('test_accuracy'), j.get('support_vectors'))
PY
tail -3 $R/err.txt
cd $OUT && tar czf lr10.tgz r && rm -rf r
