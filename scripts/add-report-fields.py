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
# so the records still say what the cage did. Running it again changes no value (it rewrites the files).
import os, sys
from set_calibration import patch_everywhere, report

d = sys.argv[1]
rep = report(d)
top = max(p['x'] for p in rep['concurrency'])
ready = rep['readyWallS']
curve = [{'megapixels': p['x'], 'mb': max(0.0, p['y'])} for p in rep['memory']]


def patch(cal):
    cal['contention_measured_to'] = top
    cal.setdefault('image_memory', curve)
    cal['worker_ready_s'] = ready


n = patch_everywhere(d, patch)
print(f'{d}: contention measured to {top:g} processes, a worker ready in {ready:.3f} s; {n} records')
