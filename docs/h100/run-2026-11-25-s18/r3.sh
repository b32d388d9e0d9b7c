#!/usr/bin/env bash
# Session 18, run 3 (H100): pair against working_set (smo_ws_q 256, 1024) to convergence on
# two-blob problems of few to many columns, both backends. Each configuration's kernels are
# built first by a tiny run, so that NVIDIA OpenCL's first-use compile is not timed.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=/tmp/r3; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
args() { case $1 in pair) echo "--strategy pair";; *) echo "--strategy working_set --param smo_ws_q=${1#ws}";; esac; }
for dev in wgpu:0 opencl:1; do for s in pair ws256 ws1024; do
  $D train svm --synthetic 3000,64 --max-steps 50 --allow-unconverged $(args $s) --device $dev > /dev/null 2>&1
done; done
t built
for nd in 16384,64 131072,64 524288,64 60000,13 60000,300; do
 for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for s in pair ws256 ws1024; do
   [ $(( $(date +%s) - T0 )) -gt 480 ] && continue
   timeout 25 $D train svm --synthetic $nd --json $(args $s) --device $dev > $R/syn-${nd/,/x}-$tag-$s.json 2>> $R/err.txt
   t $nd $dev $s rc=$?
  done
 done
done
cd $R && tar czf $OUT/r3.tgz .
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('/tmp/r3/syn*.json')):
    try: j=json.load(open(f))
    except Exception as e: print(f.split('/')[-1], 'no result'); continue
    print(f.split('/')[-1], round(j.get('train_seconds'),3), j.get('steps'), j.get('iterations'), j.get('objective'), j.get('support_vectors'))
PY
cat $R/timeline.txt; tail -n 5 $R/err.txt
