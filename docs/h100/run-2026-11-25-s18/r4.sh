#!/usr/bin/env bash
# Session 18, run 4 (H100): GPU time against wall time of Fashion-MNIST 0/6 training
# (--profile: every launch timed), to see whether an iteration is the GPU's work or the host's.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r4; rm -rf $R; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
 for s in pair ws256 ws1024; do
  case $s in pair) a="--strategy pair";; *) a="--strategy working_set --param smo_ws_q=${s#ws}";; esac
  for rep in 1 2; do
   for prof in "" "--profile"; do
    timeout 60 $D train svm --data $DATA/train-images-idx3-ubyte.gz --classes 0,6 --scale 0,1 --c 10 --json $a $prof --device $dev > $R/fm0-6-$tag-$s-$rep${prof:+-profile}.json 2>> $R/err.txt
   done
  done
 done
done
cd $R && tar czf $OUT/r4.tgz .
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('/tmp/r4/*.json')):
    try: j=json.load(open(f))
    except Exception: print(f.split('/')[-1], 'no result'); continue
    print(f.split('/')[-1], round(j['train_seconds'],3), j.get('gpu_seconds') and round(j['gpu_seconds'],3), j['steps'], j.get('iterations'))
PY
tail -n 3 $R/err.txt
