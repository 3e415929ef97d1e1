#!/usr/bin/env python3
# Usage: scripts/image-concurrency.py DIR   (DIR holds real-*.json.gz)
# Real CPU of an image over what the run's calibration charges it (sample cost x preset x position factor x the
# run's probe over the calibration's), grouped by the live processes when it started: how CPU per image grows
# with crowding, against the contention line (lab-runs/README.md, finding 13).
import json, gzip, sys, glob, statistics, collections
files = [f for f in sorted(glob.glob(sys.argv[1] + '/real-*.json.gz')) if not f.endswith('-replay.json.gz')]
by = collections.defaultdict(list)
wall = collections.defaultdict(list)
for f in files:
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
    started = collections.Counter(); info = {}; live=set(); running=set()
    for e in d['events']:
        ty=e['type']; w=e['worker']
        if ty=='worker_spawned': live.add(w)
        elif ty in ('worker_exited','worker_killed'): live.discard(w); running.discard(w)
        elif ty == 'image_started':
            info[(w, e['image'])] = (started[w], len(live), e['t']); started[w] += 1; running.add(w)
        elif ty == 'image_done':
            running.discard(w)
            wd, h, preset = byid[e['image']]
            ms = costs.get((wd, h))
            if ms is None or (w,e['image']) not in info: continue
            p, n, t0 = info[(w, e['image'])]
            ms *= pf.get(preset, 1.0) * wf[min(p, len(wf)-1)] * probe
            if ms < 50: continue
            b = 1 if n<=1 else 2 if n<=2 else 3 if n<=3 else 6 if n<=6 else 12 if n<=12 else 32
            by[b].append(e['value']*1000/ms)
print(sys.argv[1], ' '.join(f"n<={b}:{statistics.mean(x):.2f}({len(x)})" for b, x in sorted(by.items())))
