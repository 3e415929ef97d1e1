#!/usr/bin/env python3
# Usage: scripts/image-positions.py DIR   (DIR holds real-*.json.gz; the first set: git archive d0977bf lab-runs/real | tar -x -C /tmp/first)
# By position in a worker's life: real CPU of an image over the calibration's measured cost (sample, preset).
import json, gzip, sys, glob, statistics, collections
files = [f for f in sorted(glob.glob(sys.argv[1] + '/real-*.json.gz')) if not f.endswith('-replay.json.gz')]
by = collections.defaultdict(lambda: collections.defaultdict(list))
for f in files:
    d = json.load(gzip.open(f))
    cal = d['calibration']
    costs = {(s['width'], s['height']): s['ms'] for s in cal['sample_costs']}
    pf = cal.get('preset_factors', {})
    tasks = {t['id']: t for t in d['tasks']}
    byid = {}
    gid = 1
    for e in d['events']:
        if e['type'] == 'submitted':
            t = tasks[e['task'] if e['value'] < 0 else int(e['value'])]
            for im in t['images']:
                byid[gid] = (im['width'], im['height'], t['preset'])
                gid += 1
    started = collections.Counter()
    pos = {}
    kind = d['policy']
    for e in d['events']:
        if e['type'] == 'image_started':
            pos[(e['worker'], e['image'])] = started[e['worker']]
            started[e['worker']] += 1
        elif e['type'] == 'image_done':
            w, h, preset = byid[e['image']]
            ms = costs.get((w, h))
            if ms is None: continue
            ms *= pf.get(preset, 1.0)
            if ms < 50: continue
            p = pos.get((e['worker'], e['image']), -1)
            by[kind][min(p, 12)].append(e['value'] * 1000 / ms)
for k, v in by.items():
    print(k, ' '.join(f"{p}:{statistics.mean(x):.2f}({len(x)})" for p, x in sorted(v.items())))
