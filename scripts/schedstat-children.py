#!/usr/bin/env python3
# usage: scripts/schedstat-children.py CAGE_PID OUT (run by scripts/cage-under-load starved)
# Independent check of the cage's measure: the cage's worker processes' threads, from the kernel's
# schedstat (ns on a CPU, ns runnable but waiting for one), summed over the run. A busy worker's
# threads are runnable throughout, so wait / (run + wait) is the share of its CPU the host took.
import os, sys, time
cage = int(sys.argv[1]); out = sys.argv[2]
last = {}; run = wait = 0
def children():
    try:
        kids = set()
        for t in os.listdir(f"/proc/{cage}/task"):
            with open(f"/proc/{cage}/task/{t}/children") as f:
                kids.update(int(p) for p in f.read().split())
        return kids
    except OSError:
        return None
while True:
    kids = children()
    if kids is None:
        break
    for pid in kids:
        try:
            for t in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{t}/schedstat") as f:
                    r, w, _ = (int(x) for x in f.read().split())
                key = (pid, t)
                r0, w0 = last.get(key, (0, 0))
                run += r - r0; wait += w - w0
                last[key] = (r, w)
        except OSError:
            pass
    with open(out, "w") as f:
        f.write(f"worker threads: on a CPU {run/1e9:.1f} s, runnable and waiting {wait/1e9:.1f} s, waiting share {wait/max(1,run+wait):.3f}\n")
    time.sleep(0.5)
