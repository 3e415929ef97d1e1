"""Each resized image of a recorded real run, with what the run's calibration charges it.

Imported by lab-runs/analysis/image-concurrency.py, run-speed.py, image-positions.py and oom-kill-progress.py.
"""
import collections, glob, gzip, json


def real_runs(directory):
    """The real run records in DIR (not their replays), oldest first by name."""
    for f in sorted(glob.glob(directory + '/real-*.json.gz')):
        if not f.endswith('-replay.json.gz'):
            yield json.load(gzip.open(f))


def image_specs(run):
    """Image id -> (width, height, preset), in the order the run submitted its tasks' images (the cage
    numbers images from 1, the simulator from 0)."""
    tasks = {t['id']: t for t in run['tasks']}
    by_id, next_id = {}, 0 if run['kind'] == 'replay' else 1
    for e in run['events']:
        if e['type'] == 'submitted':
            t = tasks[e['task'] if e['value'] < 0 else int(e['value'])]
            for im in t['images']:
                by_id[next_id] = (im['width'], im['height'], t['preset'])
                next_id += 1
    return by_id


def images(run, with_factors=True):
    """(position in its worker's life, live processes at its start, real CPU ms, calibrated ms) per image
    done that is a calibration sample; calibrated ms = sample cost x preset factor (the sample's own
    where measured) (x the position's worker factor when with_factors)."""
    cal = run['calibration']
    costs = {(s['width'], s['height']): s for s in cal['sample_costs']}
    presets = cal.get('preset_factors', {})
    factors = (cal.get('worker_image_factors') or [1.0]) if with_factors else [1.0]
    by_id = image_specs(run)
    started, start, live = collections.Counter(), {}, set()
    for e in run['events']:
        kind, w = e['type'], e['worker']
        if kind == 'worker_spawned':
            live.add(w)
        elif kind in ('worker_exited', 'worker_killed'):
            live.discard(w)
        elif kind == 'image_started':
            start[(w, e['image'])] = (started[w], len(live))
            started[w] += 1
        elif kind == 'image_done' and (w, e['image']) in start:
            width, height, preset = by_id[e['image']]
            sample = costs.get((width, height))
            if sample is None:
                continue
            position, crowd = start[(w, e['image'])]
            # the sample's own ratio for its preset where the calibration measured one, else the preset's
            own = sample.get('preset_factors', {}).get(preset)
            ms = sample['ms'] * (own if own is not None else presets.get(preset, 1.0))
            ms *= factors[min(position, len(factors) - 1)]
            yield position, crowd, e['value'] * 1000, ms
