#!/usr/bin/env bash
# Session 19, run 5 (H100): the host's work in parallel (2265aa3: gamma, the finite checks and
# the pair's row copy on the host's cores) — duet (2265aa3) against duet-r3 (25cf13b, same
# kernels), interleaved, Fashion-MNIST 0/6 and 7/9 at q = 256, three times; where the wall time
# goes now (duet-timed: 2265aa3 with svm-t.patch, DUET_SVM_T=1); ten classes; conformance.
set -u
REPO=$PWD
DATA=.gpu/data
for b in duet duet-r3 duet-timed; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r5; rm -rf $R; mkdir -p $R
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/timeline.txt; }
E="bash .gpu/on-device.sh .gpu/bin"
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
for b in duet duet-r3 duet-timed; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
t built
for rep in 1 2 3; do for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet duet-r3; do
   timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-ws256-$tag-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
t fm
for pr in 0,6 7,9; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  DUET_SVM_T=1 timeout 30 $E/duet-timed train svm $(fm $pr) --json --device $dev > $R/timed-${pr/,/-}-$tag.json 2> $R/timed-${pr/,/-}-$tag.txt
done; done
t timed
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  timeout 40 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm10-$tag.json 2>> $R/err.txt
done
t ten
timeout 200 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -n 1 $R/conform.txt; t conform
cd $R
python3 - <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    o=j.get('objective'); o=o if not isinstance(o,list) or len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],3), j['steps'], j.get('iterations'), o)
PY
for f in timed-*.txt; do echo "== $f"; grep svm-t $f | head -7 | tr -s ' ' | cut -d' ' -f2- | tr '\n' ';'; echo; done
tar czf $OUT/r5.tgz .
cat timeline.txt; tail -n 3 err.txt
