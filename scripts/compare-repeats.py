#!/usr/bin/env python3
# Usage: scripts/compare-repeats.py DIR_A DIR_B   (e.g. lab-runs/real lab-runs/repeat)
# The same policy and seed recorded twice: turned away, spawns, met (and the points apart), probe, useful CPU.
import json,gzip,glob,sys
def load(d):
    out={}
    for f in sorted(glob.glob(d+'/real-*.json.gz')):
        if f.endswith('-replay.json.gz'): continue
        r=json.load(gzip.open(f)); m=r['metrics']
        out[(r['policy'],r['seed'])]=(m['refused'],m['spawns'],m['met'],m['submitted'],round(r['speed_probe_ms'],1),round(m['cpu_useful_s'],1))
    return out
a=load(sys.argv[1]); b=load(sys.argv[2])
print('policy seed | refused a/b | spawns a/b | met a/b (points) | probe a/b | useful a/b')
for k in sorted(b):
    if k in a:
        x=a[k]; y=b[k]
        print(k[0],k[1],'|',x[0],'/',y[0],'|',x[1],'/',y[1],'|',x[2],'/',y[2],'(%.1f)'%(100*abs(x[2]-y[2])/x[3]),'|',x[4],'/',y[4],'|',x[5],'/',y[5])
