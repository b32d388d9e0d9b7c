#!/usr/bin/env bash
# Session 34, call 1 (H100; the first H100 call since session 21): SVM training as a user gets
# it at main 54cab53. Fashion-MNIST binary pairs 7/9 and 0/6 (12 000 × 784, scaled to [0, 1],
# C = 10, gamma = scale, working_set), both backends, twice, each pair's LIBSVM fit (scikit-
# learn's SVC, 16 GB cache) in the same call; then all ten classes (60 000 images, 45 pairs)
# with the 10 000 test images, twice per backend, and LIBSVM's one-vs-one model on the same
# data, its 45 pairs fitted in 16 processes at once (scripts/libsvm_peer.py --jobs 16).
# The image files travel as xz (the carried tree's 64 MiB) and are gzipped again here.
set -u
R=/tmp/s34c1; rm -rf $R; mkdir -p $R
DATA=.gpu/data
gunzip -kf .gpu/bin/duet.gz
python3 - <<'PY'
import gzip, lzma, shutil
for f in ("train-images-idx3-ubyte", "t10k-images-idx3-ubyte"):
    with lzma.open(f".gpu/data/{f}.xz") as i, gzip.open(f".gpu/data/{f}.gz", "wb", compresslevel=1) as o:
        shutil.copyfileobj(i, o)
PY
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
warm() { timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 800 --reps 3 --no-cpu > /dev/null 2>&1; }
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
(nproc; lscpu | grep -E "Model name") > $R/host.txt
$E/duet devices > $R/devices.txt 2>&1
t start
warm
for dev in wgpu:0 opencl:1; do timeout 60 $E/duet train svm $(fm 7,9) --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1; done
t built
for rep in 1 2; do
  timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-$rep.json 2>> $R/err.txt
  t "libsvm 7/9 $rep"
  warm
  for pr in 7,9 0,6; do for dev in opencl:1 wgpu:0; do
    timeout 60 $E/duet train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-${dev%:*}-$rep.json 2>> $R/err.txt
  done; done
  t "duet pairs $rep"
  timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6-$rep.json 2>> $R/err.txt
  t "libsvm 0/6 $rep"
done
warm
for rep in 1 2; do for dev in opencl:1 wgpu:0; do
  timeout 90 $E/duet train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/ten-${dev%:*}-$rep.json 2>> $R/err.txt
done; done
t "duet ten"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
left=$(( 575 - $(date +%s) + T0 ))
timeout $left python3 scripts/libsvm_peer.py $DATA --c 10 --cache-mb 1200 --jobs 16 > $R/libsvm-ten.json 2>> $R/err.txt
t "libsvm ten rc=$?"
cd $R
python3 - <<'PY' > summary.txt
import json, glob
for f in sorted(glob.glob('*.json')):
    try: j = json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'):
        j.pop('pair_fit_seconds', None); j.pop('rho', None); print(f, j); continue
    o = j.get('objective'); o = o if o is None or len(o) < 3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'], 4), j.get('steps'), j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'), j.get('train_accuracy'))
PY
tar czf $OUT/call1.tgz .
cat log.txt clocks.txt summary.txt; tail -n 5 err.txt
