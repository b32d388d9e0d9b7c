#!/usr/bin/env bash
# Session 18, run 1 (H100): SVM working_set at smo_ws_q = 64/256/1024 against pair on
# Fashion-MNIST pairs, both backends; conformance of the session-16/17 kernels; the logistic
# last-workgroup finish A/B; tune --verify of the restamped logistic entries.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
DATA=.gpu/data
R=/tmp/r1; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
t warm
for pair in 0,6 7,9; do
 for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for s in pair ws64 ws256 ws1024; do
   case $s in pair) a="--strategy pair";; *) a="--strategy working_set --param smo_ws_q=${s#ws}";; esac
   timeout 60 $D train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $pair --scale 0,1 --c 10 --json $a --device $dev > $R/fm${pair/,/-}-$tag-$s.json 2>> $R/fm.err
   t fm $pair $dev $s rc=$?
  done
 done
done
timeout 90 $D conform --op logreg,train,smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-quick.txt 2>&1; t conform rc=$?
timeout 60 $D conform --op smo,svm --level quick --param smo_ws_q=1024 --device wgpu:0,opencl:1 > $R/conform-q1024.txt 2>&1; t conform1024 rc=$?
for lg in 1 0 1 0; do
 timeout 60 $D bench --op logreg --sizes sweep --sweep-mib 4,64,256 --cols 1,2,3,4,5,7,8,13,16,31,32 --variant multi_group --param logreg_last_group=$lg --warmup-ms 100 --budget 0.15 --no-cpu --no-check --device wgpu:0,opencl:1 --json $R/lg$lg-$RANDOM.json > /dev/null 2>> $R/lg.err
 t lg$lg rc=$?
done
for lg in 1 0; do
 timeout 40 $D bench --op logreg --sizes full --size '2^12×64,2^14×64' --variant multi_group,default --param logreg_last_group=$lg --phases --no-cpu --device wgpu:0,opencl:1 > $R/small-lg$lg.txt 2>&1
 t small$lg rc=$?
done
timeout 100 $D tune --verify --op logreg --device wgpu:0,opencl:1 --json $R/verify.json > $R/verify.txt 2>&1; t verify rc=$?
cd $R && tar czf $OUT/r1.tgz .
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('/tmp/r1/fm*.json')):
    try: j=json.load(open(f))
    except Exception as e: print(f.split('/')[-1], 'bad json', e); continue
    print(f.split('/')[-1], j.get('train_seconds'), j.get('steps'), j.get('iterations'), j.get('test_accuracy'), j.get('objective'), j.get('support_vectors'))
PY
cat $R/timeline.txt; tail -3 $R/conform-quick.txt $R/conform-q1024.txt; tail -3 $R/fm.err $R/lg.err; tail -15 $R/verify.txt
