import pyopencl as cl, numpy as np, sys, time, os
src=open(sys.argv[1]).read(); opts=open(sys.argv[2]).read().strip()
extra=sys.argv[4:] ; 
import re
for e in extra:
    n,v=e.split('=')
    opts,c=re.subn(r"-D %s=\S+"%n, "-D %s=%su"%(n,v), opts)
    if c==0: opts += " -D %s=%su"%(n,v)
names=sys.argv[3].split(',')
ctx=cl.Context(cl.get_platforms()[0].get_devices()); q=cl.CommandQueue(ctx)
t=time.time(); prg=cl.Program(ctx,src).build(options=opts); tb=time.time()-t
for name in names:
    k=getattr(prg,name)
    n=k.get_info(cl.kernel_info.NUM_ARGS); args=[]
    for i in range(n):
        if i < n-1: args.append(cl.Buffer(ctx,cl.mem_flags.READ_WRITE,1<<16))
        else: args.append(None)
    for i,a in enumerate(args):
        if a is not None: k.set_arg(i,a); continue
        vals=[1,0,0,0,0,1,1,1,1,0,0,0,0,2,0,0,1,0,1,0,1]
        for sz in range(4,257,4):
            w=np.zeros(sz//4,np.uint32); m=min(len(vals),sz//4); w[:m]=vals[:m]
            try: k.set_arg(i,w.tobytes()); break
            except Exception: pass
    t=time.time(); cl.enqueue_nd_range_kernel(q,k,(256,),(256,)); q.finish(); tk=time.time()-t
    print(f"{name}: build {tb:.2f}s  wg+codegen {tk:.2f}s", flush=True)
