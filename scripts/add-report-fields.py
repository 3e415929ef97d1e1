#!/usr/bin/env python3
# Usage: scripts/add-report-fields.py SET_DIR   (SET_DIR holds calibration/ and real/, optionally repeat/)
#
# One-off migration (2026-12-01): calibrations made before a field existed kept what the calibration run
# measured for it only in calibration-report.json. This copies those measurements into calibration.json and
# into the calibration embedded in each run record and replay of the set:
#   contention_measured_to  the concurrency ladder's top level
#   image_memory            the memory-by-sample points (where missing)
#   worker_ready_s          a fresh worker's wall time from start to ready, alone in the cage (readyWallS)
# The cage's own behaviour depends on none of them (its admission counts contention for its worker budget,
# 2 workers, below every ladder's top; it sizes workers by image_mb_per_mp; it forecasts a spawn by its CPU),
# so the records still say what the cage did. Running it again changes nothing.
import glob, gzip, json, os, sys

d = sys.argv[1]
report = json.load(open(os.path.join(d, 'calibration', 'calibration-report.json')))
top = max(p['x'] for p in report['concurrency'])
ready = report['readyWallS']
source = report['calibration']['source']

curve = [{'megapixels': p['x'], 'mb': max(0.0, p['y'])} for p in report['memory']]

def patch(cal):
    if cal.get('source') != source:
        raise SystemExit('a calibration other than ' + d + "'s: " + str(cal.get('source'))[:80])
    cal['contention_measured_to'] = top
    cal.setdefault('image_memory', curve)
    cal['worker_ready_s'] = ready

cal_path = os.path.join(d, 'calibration', 'calibration.json')
cal = json.load(open(cal_path))
patch(cal)
json.dump(cal, open(cal_path, 'w'), indent=2)
patch(report['calibration'])
json.dump(report, open(os.path.join(d, 'calibration', 'calibration-report.json'), 'w'), indent=2)
n = 0
for f in sorted(glob.glob(os.path.join(d, '*', '*.json.gz'))):
    rec = json.load(gzip.open(f))
    patch(rec['calibration'])
    with gzip.open(f, 'wt', compresslevel=9) as out:
        json.dump(rec, out, indent=2)
    n += 1
print(f'{d}: contention measured to {top:g} processes, a worker ready in {ready:.3f} s; {n} records')
