#!/usr/bin/env python3
# Usage: scripts/add-sample-preset-factors.py SET_DIR LATER_CALIBRATION_DIR
#
# One-off migration (2026-12-01): `calibrate` measured every sample with every preset but kept only the
# sums' ratio, one factor per preset, which misprices a thumbnail of a small photo by 3-5 x (lab-runs/
# README.md, finding 24). This copies each sample's own ratio (its preset cost over its web cost, on one
# warm worker) from a later calibration of the same machine into SET_DIR's calibration.json and into the
# calibration embedded in each run record and replay of the set. Ratios, not costs: the set keeps its own
# web costs, probe and everything else. The cage never reads them (it forecasts with the curve and the
# preset factors), so the records still say what the cage did. Running it again changes no value.
import json, os, sys
from set_calibration import patch_everywhere

d, later_dir = sys.argv[1], sys.argv[2]
later = json.load(open(os.path.join(later_dir, 'calibration.json')))
ratios = {(s['width'], s['height']): s['preset_factors'] for s in later['sample_costs'] if s.get('preset_factors')}


def patch(cal):
    missing = [(s['width'], s['height']) for s in cal['sample_costs'] if (s['width'], s['height']) not in ratios]
    if missing:
        raise SystemExit(later_dir + ' did not measure the samples ' + str(missing))
    for s in cal['sample_costs']:
        s['preset_factors'] = ratios[(s['width'], s['height'])]


n = patch_everywhere(d, patch)
print(f'{d}: each sample has its own preset ratios from {later_dir}; {n} records')
