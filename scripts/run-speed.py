#!/usr/bin/env python3
# Usage: scripts/run-speed.py DIR...   (each DIR holds real-*.json.gz)
# Per run: its images' real CPU summed over what the calibration charges them (sample x preset x position
# factor), against its speed probe over the calibration's: does the probe follow the run? (finding 16)
import json, gzip, sys, glob, statistics, collections
for d0 in sys.argv[1:]:
  for f in sorted(glob.glob(d0 + '/real-*.json.gz')):
    if f.endswith('-replay.json.gz'): continue
    d = json.load(gzip.open(f))
    cal = d['calibration']; probe = d['speed_probe_ms']/cal['speed_probe_ms']
    costs = {(s['width'], s['height']): s['ms'] for s in cal['sample_costs']}
    pf = cal.get('preset_factors', {}); wf = cal.get('worker_image_factors') or [1.0]
    tasks = {t['id']: t for t in d['tasks']}
    byid = {}; gid = 1
    for e in d['events']:
        if e['type'] == 'submitted':
            t = tasks[e['task'] if e['value'] < 0 else int(e['value'])]
            for im in t['images']:
                byid[gid] = (im['width'], im['height'], t['preset']); gid += 1
    started = collections.Counter(); pos = {}; real=0; exp=0
    for e in d['events']:
        if e['type'] == 'image_started':
            pos[(e['worker'], e['image'])] = started[e['worker']]; started[e['worker']] += 1
        elif e['type'] == 'image_done':
            w, h, preset = byid[e['image']]; ms = costs.get((w, h))
            if ms is None: continue
            p = pos.get((e['worker'], e['image']), 0)
            real += e['value']*1000; exp += ms*pf.get(preset,1.0)*wf[min(p,len(wf)-1)]
    print(d['created_at'][11:19], d['policy'][:24].ljust(24), d['seed'], 'run CPU/calibration %.2f   probe/calibration %.2f' % (real/exp, probe))
