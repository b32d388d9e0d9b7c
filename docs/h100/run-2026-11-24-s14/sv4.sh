#!/usr/bin/env bash
# Session 14, call 4: the final main of the session on the H100.
#  1. duet conform --level quick (every op) and --op smo,svm --level full.
#  2. The working_set strategy with its gather as a launch of its own: Fashion-MNIST 7/9, two
#     runs per backend (session 11's figures, the select gathering: 1.79 s wgpu, 1.95 s OpenCL).
set -u
D="bash .gpu/on-device.sh"
DATA=.gpu/data
R=$OUT/r; mkdir -p $R
$D .gpu/bin/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 300 $D .gpu/bin/duet conform --level quick --device wgpu:0,opencl:1 > $R/conform-quick.txt 2>&1
tail -1 $R/conform-quick.txt; grep FAIL $R/conform-quick.txt | head -5
timeout 200 $D .gpu/bin/duet conform --op smo,svm --level full --device wgpu:0,opencl:1 > $R/conform-svm.txt 2>&1
tail -1 $R/conform-svm.txt; grep FAIL $R/conform-svm.txt | head -5
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for round in 1 2; do
    for b in duet; do
      $D .gpu/bin/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev --classes 7,9 --strategy working_set > $R/ws7-9-$tag-$b-$round.json 2>> $R/err.txt
    done
  done
done
python3 - <<'PY'
import json,glob,os
for f in sorted(glob.glob(os.environ['OUT']+'/r/*.json')):
    b=os.path.basename(f)
    try: j=json.load(open(f))
    except Exception as e: print(b, 'bad', e); continue
    st=j['steps']; st=sum(st) if isinstance(st,list) else st
    print(b, st, round(j['train_seconds'],3), j.get('test_accuracy'), j.get('support_vectors'), j.get('objective'))
PY
tail -3 $R/err.txt
cd $OUT && tar czf sv4.tgz r && rm -rf r
