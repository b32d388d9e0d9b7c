#!/usr/bin/env bash
# Session 24, call 9 (H200): this session's final code (duet = the commit named in
# BENCHMARKS.md: support vectors gathered on the host's cores; the candidates chunk back at
# 16 × q after call 8) against 179997e (duet-t = 179997e + stamps.patch, stamps off),
# interleaved, three times, q = 256 (the default) and q = 1 024 on 7/9; LIBSVM on 7/9 twice
# and 0/6 once in the same call; four classes (0, 6, 7, 9) with test accuracy; conformance of
# smo and svm. (call7.sh with this header.)
set -u
DATA=.gpu/data
for b in duet duet-t; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/o; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
timeout 200 $E/duet conform --op smo,svm --level quick --device wgpu:0,opencl:1 > $R/conform-smo-svm.txt 2>&1
tail -n 1 $R/conform-smo-svm.txt
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-1.json 2>> $R/err.txt
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-t; do for q in 256 1024; do for dev in wgpu:0 opencl:1; do
  $E/$b train svm $(fm 0,6) --max-steps 50 --allow-unconverged --param smo_ws_q=$q --device $dev > /dev/null 2>&1
done; done; done
for rep in 1 2 3; do for pr in 7,9 0,6; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for b in duet-t duet; do
    timeout 30 $E/$b train svm $(fm $pr) --json --device $dev > $R/fm${pr/,/-}-$tag-$b-$rep.json 2>> $R/err.txt
    [ $pr = 7,9 ] && timeout 30 $E/$b train svm $(fm $pr) --json --param smo_ws_q=1024 --device $dev > $R/fm7-9-$tag-q1024-$b-$rep.json 2>> $R/err.txt
  done
done; done; done
timeout 60 python3 scripts/libsvm_peer.py $DATA --classes 7,9 --c 10 --cache-mb 16000 > $R/libsvm-7-9-2.json 2>> $R/err.txt
timeout 120 python3 scripts/libsvm_peer.py $DATA --classes 0,6 --c 10 --cache-mb 16000 > $R/libsvm-0-6.json 2>> $R/err.txt
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; for b in duet-t duet; do
  timeout 60 $E/$b train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev > $R/fm4-$tag-$b.json 2>> $R/err.txt
done; done
cd $R
python3 - <<'PY' > summary.txt
import json,glob
for f in sorted(glob.glob('*.json')):
    try: j=json.load(open(f))
    except Exception: print(f, 'no result'); continue
    if f.startswith('libsvm'): print(f, round(j['fit_seconds'],3), j['objective']); continue
    o=j.get('objective'); o=o if len(o)<3 else f'{len(o)} pairs'
    print(f, round(j['train_seconds'],4), j['steps'], j.get('iterations'), o, j.get('support_vectors'), j.get('test_accuracy'))
PY
tar czf $OUT/call9.tgz .
cat summary.txt; tail -n 3 err.txt
