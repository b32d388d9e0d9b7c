#!/usr/bin/env bash
# Session 19, run 8 (H100): the working set's kernel rows kept by point where the whole kernel
# matrix fits the row cache (each point's row computed once) — duet (this commit) against
# duet-prev (2265aa3: rows by place), interleaved, Fashion-MNIST 0/6 and 7/9, three times;
# LIBSVM in the same call; ten classes with the test images; the breakdown; conformance.
set -u
DATA=.gpu/data
for b in duet duet-prev; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r8; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
warm() { $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1; }
warm
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
for b in duet duet-prev; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2 3; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-prev; do
   timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
t fm
for pr in 0,6 7,9; do
  timeout 120 python3 scripts/libsvm_peer.py $DATA --classes $pr --c 10 --cache-mb 16000 > $R/libsvm-${pr/,/-}.json 2>> $R/err.txt
done
t libsvm
warm
for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 30 $E/duet train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-duet-after-libsvm.json 2>> $R/err.txt
done; done
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 60 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag.json 2>> $R/err.txt
done
t ten
DUET_CL_TRACE=1 timeout 60 $E/duet train svm $(fm 0,6) --json --profile --device opencl:1 > $R/fm0-6-opencl-trace.json 2> $R/trace.txt
it=$(python3 -c "import json;print(json.load(open('$R/fm0-6-opencl-trace.json'))['iterations'])" 2>/dev/null || echo 1)
python3 scripts/cl_trace_sum.py $R/trace.txt --per $it > $R/breakdown.txt; gzip $R/trace.txt
timeout 200 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
t conform
cd $R
cat breakdown.txt; tail -n 1 conform.txt
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'):
        print(f, j['fit_seconds'], j['test_accuracy'], j['support_vectors'], j.get('objective')); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],3), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/r8.tgz .
cat timeline.txt; tail -n 3 err.txt
