#!/usr/bin/env bash
# Session 20, run 3 (H100): the working-set update pass with SMO_WS_LANES (8) work-items a
# point, and the selection's scans (candidates and select) by shuffles, against run 2's build
# (duet-r2: 32e7548), interleaved: smo/svm conformance with the new build; Fashion-MNIST 0/6
# and 7/9, both backends, twice (the update's new summation order changes the steps a little);
# OpenCL kernel times of 0/6 and 7/9; ten classes once per backend.
set -u
DATA=.gpu/data
for b in duet duet-r2; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r3; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
t start
timeout 120 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt
t conform
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-r2; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-r2; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
t pairs
for pr in 0,6 7,9; do for b in duet duet-r2; do
  DUET_CL_TRACE=1 timeout 60 $E/$b train svm $(fm $pr) --json --profile --device opencl:1 > $R/trace${pr/,/-}-$b.json 2> $R/trace${pr/,/-}-$b.txt
done; done
t trace
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 60 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag.json 2>> $R/err.txt
done
t ten
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],3), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
for f in trace*.txt; do it=$(python3 -c "import json;print(json.load(open('${f%.txt}.json'))['iterations'])"); echo "== $f ($it iterations)"; python3 $OLDPWD/scripts/cl_trace_sum.py $f --per $it | head -11; done
gzip -9 trace*.txt
tar czf $OUT/r3.tgz .
cat timeline.txt; tail -n 3 err.txt
