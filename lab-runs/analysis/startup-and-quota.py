#!/usr/bin/env python3
# Usage: lab-runs/analysis/startup-and-quota.py DIR...   (each DIR holds real-*.json.gz and their -replay.json.gz)
# Per run, real and replay (lab-runs/README.md, findings 21 and 22):
#   start-up: median seconds from a worker's spawn to ready, alone and beside one busy process;
#   quota: the CPU its images and start-ups reported over what the quota could give while they were busy
#          (a busy process can use one core, a starting one its calibration's start-up parallelism).
import gzip, json, os, statistics


def startups(run):
    busy, start, alone, beside = set(), {}, [], []
    for e in run['events']:
        kind, w = e['type'], e['worker']
        if kind == 'worker_spawned':
            start[w] = (e['t'], len(busy))
            busy.add(w)
        elif kind == 'worker_ready':
            busy.discard(w)
            t0, others = start.pop(w)
            (alone if others == 0 else beside if others == 1 else []).append(e['t'] - t0)
        elif kind in ('worker_exited', 'worker_killed', 'image_done', 'image_killed'):
            busy.discard(w)
        elif kind == 'image_started':
            busy.add(w)
    med = lambda xs: '%.2f' % statistics.median(xs) if xs else '  - '
    return med(alone), med(beside)


def quota_share(run):
    cal = run['calibration']
    cores = run['machine']['cores']
    ready = cal.get('worker_ready_s')
    parallelism = max(1.0, (cal['spawn_cpu_ms'] + cal['warmup_cpu_ms']) / 1000 / ready) if ready else 1.0
    busy, last, capacity, cpu = {}, None, 0.0, 0.0
    for e in run['events']:
        if last is not None:
            images = sum(1 for v in busy.values() if v == 'image')
            capacity += min(cores, images + parallelism * (len(busy) - images)) * (e['t'] - last)
        last = e['t']
        kind, w = e['type'], e['worker']
        if kind == 'worker_spawned':
            busy[w] = 'start'
        elif kind == 'image_started':
            busy[w] = 'image'
        elif kind in ('worker_ready', 'image_done', 'image_killed', 'worker_exited', 'worker_killed'):
            busy.pop(w, None)
            cpu += max(0.0, e['value'])
    return cpu / capacity


for directory in os.sys.argv[1:]:
    for name in sorted(os.listdir(directory)):
        if not name.startswith('real-') or not name.endswith('.json.gz') or name.endswith('-replay.json.gz'):
            continue
        real = json.load(gzip.open(os.path.join(directory, name)))
        replay_file = os.path.join(directory, name.replace('.json.gz', '-replay.json.gz'))
        line = '%-28s %d' % (real['policy'], real['seed'])
        for label, run in (('real', real), ('replay', json.load(gzip.open(replay_file)) if os.path.exists(replay_file) else None)):
            if run:
                alone, beside = startups(run)
                line += '   %s: start-up alone %s s, beside one %s s, quota %.3f' % (label, alone, beside, quota_share(run))
        print(line)
