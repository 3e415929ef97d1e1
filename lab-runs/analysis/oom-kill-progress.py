#!/usr/bin/env python3
# Usage: lab-runs/analysis/oom-kill-progress.py DIR   (DIR holds real-busy-box-*.json.gz and their replays)
# How far through its work an image was when the OOM killer took its worker: the CPU it had used over
# what the calibration charges it (sample x preset), per box run and replay (lab-runs/README.md, finding 17).
import glob, gzip, json, sys
from image_costs import image_specs

def quantile(v, q):
    return sorted(v)[int(q * (len(v) - 1))] if v else float('nan')

for f in sorted(glob.glob(sys.argv[1] + '/real-busy-box-*.json.gz')):
    run = json.load(gzip.open(f))
    cal = run['calibration']
    costs = {(s['width'], s['height']): s['ms'] for s in cal['sample_costs']}
    presets = cal.get('preset_factors', {})
    by_id = image_specs(run)
    done = []
    for e in run['events']:
        if e['type'] == 'image_killed' and e.get('note') == 'oom' and e['image'] in by_id:
            w, h, preset = by_id[e['image']]
            ms = costs.get((w, h))
            if ms:
                done.append(e['value'] * 1000 / (ms * presets.get(preset, 1.0)))
    print('%-7s s%d  OOM-killed images %3d, share of their work done: median %.2f (quartiles %.2f-%.2f)' % (
        run['kind'], run['seed'], len(done), quantile(done, .5), quantile(done, .25), quantile(done, .75)))
