#!/usr/bin/env python3
# Usage: scripts/add-sample-preset-factors.py SET_DIR LATER_CALIBRATION_DIR
#
# One-off migration (2026-12-01): `calibrate` measured every sample with every preset but kept only the
# sums' ratio, one factor per preset, which misprices a thumbnail of a small photo by 3-5 x (lab-runs/
# README.md, finding 24). This copies each sample's own ratio (its preset cost over its web cost, on one
# warm worker) from a later calibration of the same machine into SET_DIR's calibration.json and into the
# calibration embedded in each run record and replay of the set. Ratios, not costs: the set keeps its own
# web costs, probe and everything else. The cage never reads them (it forecasts with the curve and the
# preset factors), so the records still say what the cage did. Running it again changes nothing.
import glob, gzip, json, os, sys

d, later_dir = sys.argv[1], sys.argv[2]
later = json.load(open(os.path.join(later_dir, 'calibration.json')))
ratios = {(s['width'], s['height']): s['preset_factors'] for s in later['sample_costs'] if s.get('preset_factors')}
report = json.load(open(os.path.join(d, 'calibration', 'calibration-report.json')))
source = report['calibration']['source']

def patch(cal):
    if cal.get('source') != source:
        raise SystemExit('a calibration other than ' + d + "'s: " + str(cal.get('source'))[:80])
    missing = [(s['width'], s['height']) for s in cal['sample_costs'] if (s['width'], s['height']) not in ratios]
    if missing:
        raise SystemExit(later_dir + ' did not measure the samples ' + str(missing))
    for s in cal['sample_costs']:
        s['preset_factors'] = ratios[(s['width'], s['height'])]

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
print(f'{d}: each of {len(cal["sample_costs"])} samples has its own preset ratios from {later_dir}; {n} records')
