#!/usr/bin/env python3
# Usage: lab-runs/analysis/oom-victims.py DIR [DIR2 ...]   (folders of real runs; finding 26)
# What the kernel did in the box runs and how memory builds in the others, from the run records alone:
#  - the box's memory over time (share of the run's samples within 5% of the cap);
#  - for every OOM kill, the live workers at that instant and where the victim ranks among them by
#    estimated resident memory (two estimates: an image's memory all at its start, or growing with the
#    image's progress), by age (newest/oldest) and by phase (starting / idle / resizing);
#  - the CPU the killed image had spent, and the share of its work done;
#  - per box run and its replay: images OOM-killed (distinct, under 10 MP) and dead-lettered;
#  - per non-box run: peak and median memory against two warm workers holding the ladder's largest image,
#    and the largest fall of memory within 5 s with the same number of live workers.
# Per-worker resident memory is not in the records; the estimates use the run's own calibration
# (worker_private_mb, worker_hello_mb, image_memory by sample, worker_shared_mb).
import bisect, collections, glob, gzip, json, statistics, sys
from image_costs import image_specs

def interp(points, mp):
    xs = [p['megapixels'] for p in points]
    ys = [p['mb'] for p in points]
    if mp <= xs[0]:
        return ys[0] * mp / xs[0]
    if mp >= xs[-1]:
        return ys[-1]
    i = bisect.bisect_right(xs, mp)
    return ys[i - 1] + (ys[i] - ys[i - 1]) * (mp - xs[i - 1]) / (xs[i] - xs[i - 1])

def q(v, x):
    return sorted(v)[int(x * (len(v) - 1))] if v else float('nan')

def analyse(run):
    cal = run['calibration']
    pts = cal['image_memory']
    priv, hello, shared = cal['worker_private_mb'], cal.get('worker_hello_mb') or cal['worker_private_mb'], cal['worker_shared_mb']
    costs = {(s['width'], s['height']): s['ms'] for s in cal['sample_costs']}
    presets = cal.get('preset_factors', {})
    specs = image_specs(run)
    mp = {i: w * h / 1e6 for i, (w, h, _) in specs.items()}
    ev = run['events']
    # each image run on a worker: start, end, how it ended (done / killed), CPU
    ends = {}
    for e in ev:
        if e['type'] in ('image_done', 'image_killed'):
            ends[(e['worker'], e['image'])] = (e['t'], e['type'], e['value'])
    spawned, ready, cur, high, dead, order = {}, set(), {}, collections.defaultdict(float), set(), []
    ndone, cummp = collections.Counter(), collections.defaultdict(float)
    kills = []

    def e_cpu(w, img, t):
        # the killed image's share of its work done: its CPU over the calibration's charge (sample x preset)
        width, height, preset = specs[img]
        ms = costs.get((width, height))
        return ends[(w, img)][2] * 1000 / (ms * presets.get(preset, 1.0)) if ms else 1.0
    live_peak, mem_at_peak = 0, 0
    for e in ev:
        k, w, t = e['type'], e['worker'], e['t']
        if k == 'worker_spawned':
            spawned[w] = t
        elif k == 'worker_ready':
            ready.add(w)
        elif k == 'image_started':
            cur[w] = (e['image'], t)
        elif k == 'image_done':
            cur.pop(w, None)
            high[w] = max(high[w], interp(pts, mp.get(e['image'], 0)))
            ndone[w] += 1
            cummp[w] += mp.get(e['image'], 0)
        elif k == 'worker_killed' and e.get('note') == 'oom':
            live = [x for x in spawned if x not in dead]
            rows = []
            for x in live:
                base = priv if x in ready else hello
                full = ramp = high[x]
                phase = 'starting' if x not in ready else 'idle'
                if x in cur:
                    img, s = cur[x]
                    m = interp(pts, mp.get(img, 0))
                    end = ends.get((x, img))
                    if x == w:
                        prog = min(1.0, e_cpu(w, img, t))
                    elif end is None or end[0] <= s:
                        prog = 1.0
                    else:
                        prog = min(1.0, (t - s) / (end[0] - s))
                    full = max(full, m)
                    ramp = max(ramp, m * prog)
                    phase = 'resizing'
                rows.append((x, base + full, base + ramp, spawned[x], phase, ndone[x], cummp[x], high[x] if x not in cur else max(high[x], interp(pts, mp.get(cur[x][0], 0)))))
            kills.append((w, rows))
        if k in ('worker_killed', 'worker_exited'):
            dead.add(w)
            cur.pop(w, None)
        n = len([x for x in spawned if x not in dead])
        if n > live_peak:
            live_peak = n
    return kills, live_peak

def rank(rows, w, col, newest_first=True):
    s = sorted(rows, key=lambda r: (-r[col], -r[0]))
    return [r[0] for r in s].index(w) + 1

for d in sys.argv[1:]:
    for f in sorted(glob.glob(d + '/real-*.json.gz')):
        if f.endswith('-replay.json.gz'):
            continue
        run = json.load(gzip.open(f))
        cap = run['machine'].get('memory_mb') or 0
        memv = run['samples']['memory_mb']
        m = run['metrics']
        name = '%s s%d' % (run['policy'], run['seed'])
        if run['policy'] != 'box':
            kills, live_peak = analyse(run)
            cal = run['calibration']
            # what the calibration gives two warm workers holding the ladder's largest image, and the largest
            # fall of memory within 5 s while the same workers stayed live (a JVM giving heap back)
            ladder = 2 * (cal['worker_private_mb'] + max(p['mb'] for p in cal['image_memory'])) + cal['worker_shared_mb']
            fall, ts, ws = 0, run['samples']['t'], run['samples']['workers']
            for i in range(len(memv)):
                for j in range(i + 1, len(memv)):
                    if ts[j] - ts[i] > 5 or ws[j] != ws[i] or ws[i] == 0:
                        break
                    fall = max(fall, memv[i] - memv[j])
            print('%-30s peak %5.0f MB (two workers at the ladder: %4.0f), median %4.0f MB, live workers at most %d, '
                  'largest fall within 5 s, same workers: %4.0f MB' % (
                name, m['peak_memory_mb'], ladder, statistics.median(memv), live_peak, fall))
            continue
        kills, live_peak = analyse(run)
        near = sum(1 for v in memv if v >= 0.95 * cap) / len(memv)
        by_full = collections.Counter(); by_ramp = collections.Counter(); phases = collections.Counter()
        newest = oldest = 0; nlive = []; age_rank=[]; done_rank=[]; cum_rank=[]; hw_rank=[]; vdone=[]; odone=[]
        for w, rows in kills:
            if not any(r[0] == w for r in rows):
                continue
            by_full[min(rank(rows, w, 1), 4)] += 1
            by_ramp[min(rank(rows, w, 2), 4)] += 1
            v = [r for r in rows if r[0] == w][0]
            phases[v[4]] += 1
            ages = sorted(rows, key=lambda r: r[3])
            newest += ages[-1][0] == w
            oldest += ages[0][0] == w
            nlive.append(len(rows))
            age_rank.append([r[0] for r in ages].index(w) + 1)
            done_rank.append(rank(rows, w, 5)); cum_rank.append(rank(rows, w, 6)); hw_rank.append(rank(rows, w, 7))
            vdone.append(v[5]); odone.extend(r[5] for r in rows if r[0] != w)
        print('%-30s OOM kills %3d, killed CPU %5.1f s, spawns %3d; memory within 5%% of the cap in %2.0f%% of samples; '
              'live at a kill: median %d' % (name, m['oom_kills'], m['cpu_killed_s'], m['spawns'], 100 * near, statistics.median(nlive)))
        print('   victim by phase %s; newest %d, oldest %d' % (dict(phases), newest, oldest))
        print('   victim rank by memory (1 = largest; 4 = 4th or lower), image memory at start: %s; growing with progress: %s' % (
            dict(sorted(by_full.items())), dict(sorted(by_ramp.items()))))
        print('   victim rank (median, quartiles) by age (1 = oldest) %s, by images done %s, by megapixels done %s, by largest image held %s' % tuple(
            '%d (%d-%d)' % (q(v, .5), q(v, .25), q(v, .75)) for v in (age_rank, done_rank, cum_rank, hw_rank)))
        print('   images done by the victim: median %d (quartiles %d-%d); by the other live workers: median %d (%d-%d)' % (
            q(vdone, .5), q(vdone, .25), q(vdone, .75), q(odone, .5), q(odone, .25), q(odone, .75)))
        for r in (run, json.load(gzip.open(f.replace('.json.gz', '-replay.json.gz')))):
            specs = image_specs(r)
            killed = {e['image'] for e in r['events'] if e['type'] == 'image_killed' and e.get('note') == 'oom'}
            small = sum(1 for i in killed if specs[i][0] * specs[i][1] < 10e6)
            dead = sum(1 for e in r['events'] if e['type'] == 'image_dead')
            print('   %-6s images OOM-killed: %d distinct, %d of them under 10 MP; dead-lettered %d' % (r['kind'], len(killed), small, dead))
