#!/usr/bin/env bash
# Session 21, run 6 (H100): OpenCL's matrix upload through a pinned staging buffer
# (CL_MEM_ALLOC_HOST_PTR, mapped, X packed into it, copied on the device) against one blocking
# write from pageable memory (run 5's build, 522ab46: duet-r5), interleaved; OpenCL conformance of the ops
# that upload matrices.
set -u
DATA=.gpu/data
for b in duet duet-r5; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r6; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
t start
timeout 150 $E/duet conform --op rbf,logreg,smo,svm --level quick --device opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt
t conform
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-r5; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device opencl:1 > /dev/null 2>&1
done
t built
for rep in 1 2 3 4; do for pr in 0,6 7,9; do
  for b in duet duet-r5; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device opencl:1 > $R/fm${pr/,/-}-opencl-$b-$rep.json 2>> $R/err.txt
  done
done; done
t pairs
for b in duet duet-r5; do
  timeout 60 $E/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device opencl:1 > $R/fm10-opencl-$b.json 2>> $R/err.txt
done
t ten
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/r6.tgz .
cat timeline.txt; tail -n 3 err.txt
