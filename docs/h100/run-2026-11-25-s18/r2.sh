#!/usr/bin/env bash
# Session 18, run 2 (H100): each SVM configuration twice (the second with OpenCL's compiled
# kernels cached), ten classes with pair and working_set q=256, and the conformance run that
# ran past run 1's 90 s.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r2; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
 for s in pair ws256 ws1024; do
  case $s in pair) a="--strategy pair";; *) a="--strategy working_set --param smo_ws_q=${s#ws}";; esac
  for rep in 1 2; do
   timeout 60 $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes 0,6 --scale 0,1 --c 10 --json $a --device $dev > $R/fm0-6-$tag-$s-$rep.json 2>> $R/fm.err
   t fm06 $dev $s $rep rc=$?
  done
 done
 for s in pair ws256; do
  case $s in pair) a="--strategy pair";; *) a="--strategy working_set --param smo_ws_q=${s#ws}";; esac
  timeout 60 $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json $a --device $dev > $R/fm10-$tag-$s.json 2>> $R/fm.err
  t fm10 $dev $s rc=$?
 done
done
timeout 200 $D conform --op logreg,train,smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-quick.txt 2>&1; t conform rc=$?
cd $R && tar czf $OUT/r2.tgz .
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('/tmp/r2/fm*.json')):
    try: j=json.load(open(f))
    except Exception as e: print(f.split('/')[-1], 'bad json', e); continue
    print(f.split('/')[-1], j.get('train_seconds'), j.get('steps') if 'fm10' not in f else sum(j.get('steps') or []), j.get('iterations') if 'fm10' not in f else '', j.get('test_accuracy'), j.get('objective') if 'fm10' not in f else '', j.get('support_vectors'))
PY
cat $R/timeline.txt; tail -n 3 $R/conform-quick.txt; tail -n 3 $R/fm.err
