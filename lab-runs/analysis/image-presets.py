#!/usr/bin/env python3
# Usage: lab-runs/analysis/image-presets.py DIR...   (each DIR holds real-*.json.gz)
# By preset and sample size: the median of each image's real CPU over what the simulator charges it
# (the sample's cost with its preset, by the sample's own ratio where measured, times the position
# factor), over the runs in all DIRs; the box's runs are left out (its crowding costs more). Finding 24.
import collections, statistics, sys
from image_costs import real_runs, image_specs

ratios = collections.defaultdict(list)
for directory in sys.argv[1:]:
    for run in real_runs(directory):
        if run['policy'] == 'box':
            continue
        cal = run['calibration']
        samples = {(s['width'], s['height']): s for s in cal['sample_costs']}
        presets, factors = cal.get('preset_factors', {}), cal.get('worker_image_factors') or [1.0]
        spec, started, position = image_specs(run), collections.Counter(), {}
        for e in run['events']:
            key = (e['worker'], e['image'])
            if e['type'] == 'image_started':
                position[key] = started[e['worker']]
                started[e['worker']] += 1
            elif e['type'] == 'image_done' and key in position:
                width, height, preset = spec[e['image']]
                s = samples.get((width, height))
                if s is None:
                    continue
                own = s.get('preset_factors', {}).get(preset)
                ms = s['ms'] * (own if own is not None else presets.get(preset, 1.0))
                ms *= factors[min(position[key], len(factors) - 1)]
                ratios[(preset, width * height / 1e6)].append(e['value'] * 1000 / ms)
for preset in ('web', 'thumb', 'archive'):
    cells = sorted((mp, v) for (p, mp), v in ratios.items() if p == preset)
    print(preset.ljust(8), '  '.join('%.1f MP %.2f (%d)' % (mp, statistics.median(v), len(v)) for mp, v in cells))
