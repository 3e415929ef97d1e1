#!/usr/bin/env python3
# Usage: scripts/add-contention-range.py SET_DIR   (SET_DIR holds calibration/ and real/, optionally repeat/)
#
# One-off migration (2026-12-01): calibrations made before `contention_measured_to` and `image_memory`
# existed kept the concurrency ladder and the memory-by-sample points they measured only in
# calibration-report.json. This copies the ladder's top level and (where missing) the memory points
# into calibration.json and into the calibration embedded in each run record and replay of the set.
# The cage's own behaviour is unchanged by either (its admission counts contention for its worker
# budget, 2 workers, below every ladder's top, and sizes workers by image_mb_per_mp), so the records
# still say what the cage did.
import glob, gzip, json, os, sys

d = sys.argv[1]
report = json.load(open(os.path.join(d, 'calibration', 'calibration-report.json')))
top = max(p['x'] for p in report['concurrency'])
source = report['calibration']['source']

curve = [{'megapixels': p['x'], 'mb': max(0.0, p['y'])} for p in report['memory']]

def patch(cal):
    if cal.get('source') != source:
        raise SystemExit('a calibration other than ' + d + "'s: " + str(cal.get('source'))[:80])
    cal['contention_measured_to'] = top
    cal.setdefault('image_memory', curve)

cal_path = os.path.join(d, 'calibration', 'calibration.json')
cal = json.load(open(cal_path))
patch(cal)
json.dump(cal, open(cal_path, 'w'), indent=2)
report_cal = report['calibration']
report_cal['contention_measured_to'] = top
json.dump(report, open(os.path.join(d, 'calibration', 'calibration-report.json'), 'w'), indent=2)
n = 0
for f in sorted(glob.glob(os.path.join(d, '*', '*.json.gz'))):
    rec = json.load(gzip.open(f))
    patch(rec['calibration'])
    with gzip.open(f, 'wt', compresslevel=9) as out:
        json.dump(rec, out, indent=2)
    n += 1
print(f'{d}: contention measured to {top:g} processes; {n} records')
