#!/bin/bash
# ctime.sh SRC KERNEL [DEFINES...]: PoCL's WG-gen and codegen seconds for KERNEL (cold cache)
src=$1; k=$2; shift 2
export POCL_CACHE_DIR=$(mktemp -d /tmp/pcc.XXXX)
POCL_DEBUG=timing python3 /tmp/h/harness.py $src /tmp/h/opts.txt $k "$@" > /dev/null 2> $POCL_CACHE_DIR.err &
pid=$!
for i in $(seq 1 ${TMO:-1800}); do
  grep -q "API: llvm_codegen" $POCL_CACHE_DIR.err && break
  kill -0 $pid 2>/dev/null || break
  sleep 1
done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
python3 - $POCL_CACHE_DIR.err $k <<'P'
import re,sys
wg=cg=None
for l in open(sys.argv[1]):
    m=re.search(r">>>\s+([\d.]+)\s+(ms|us|s)\s+API: (\S+)",l)
    if m:
        v=float(m.group(1))*{'ms':1e-3,'us':1e-6,'s':1}[m.group(2)]
        if m.group(3)=='llvm_codegen': cg=v
        else: wg=v
print(f"{sys.argv[2]}: wg_gen {wg} total {cg}")
P
rm -rf $POCL_CACHE_DIR $POCL_CACHE_DIR.err
