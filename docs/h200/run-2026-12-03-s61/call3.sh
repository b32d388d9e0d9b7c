#!/usr/bin/env bash
# Session 61, call 3: (1) if the GPU machine has perf, a profile of small wgpu reads (read
# 2^10, wgpu:0) with duet-sym (f311df0, debug info stripped, symbols kept): where
# CommandEncoder::finish and Queue::submit spend their time on NVIDIA's driver; (2) the seed's
# 2048 x 8 x 50000 training through OpenCL, b7c and lb alternating, three rounds (call 1 found
# the same binary at 337 and 527 ms).
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock0.txt 2>&1
timeout 30 $E/duet-lb bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for round in 1 2 3; do
  for V in b7c lb; do
    timeout 40 $E/duet-$V bench --op train --sizes full --size 2048×8×50000 --variant multi_group --budget 1 --warmup-ms 300 --no-cpu --no-check --device opencl:1 --json $R/t-$V-$round.json > $R/t-$V-$round.txt 2>&1; t "seed train opencl $V round $round rc=$?"
  done
done
P=$(command -v perf || ls /usr/bin/perf* /usr/lib/linux-tools*/perf 2>/dev/null | head -1)
echo "perf: '$P'; paranoid $(cat /proc/sys/kernel/perf_event_paranoid 2>&1)" > $R/perf-where.txt
if [ -n "$P" ]; then
  timeout 120 bash .gpu/on-device.sh $P record -e cpu-clock -F 4000 --call-graph dwarf,16384 -o /tmp/perf.data .gpu/bin/duet-sym bench --op read --size 2^10 --device wgpu:0 --budget 3 --reps 20000 --warmup-ms 300 --no-cpu --no-check > $R/perf-bench.txt 2>&1; t "perf record rc=$?"
  $P report -i /tmp/perf.data --children --sort symbol -g none --percent-limit 0.2 --stdio > $R/perf-children.txt 2>&1
  $P report -i /tmp/perf.data --no-children --sort dso,symbol -g none --percent-limit 0.3 --stdio > $R/perf-self.txt 2>&1; t "perf report"
fi
gzip -f $R/*.json; t done; cat $R/log.txt $R/perf-where.txt; grep -h "2048" $R/t-*.txt
