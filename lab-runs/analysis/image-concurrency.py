#!/usr/bin/env python3
# Usage: lab-runs/analysis/image-concurrency.py DIR   (DIR holds real-*.json.gz)
# Real CPU of an image over what the run's calibration charges it (sample cost x preset x position factor x the
# run's probe over the calibration's), grouped by the live processes when it started: how CPU per image grows
# with crowding, against the contention line (lab-runs/README.md, finding 13).
import collections, statistics, sys
from image_costs import real_runs, images

by = collections.defaultdict(list)
for run in real_runs(sys.argv[1]):
    probe = run['speed_probe_ms'] / run['calibration']['speed_probe_ms']
    for position, crowd, cpu_ms, ms in images(run):
        if ms * probe >= 50:
            group = next(g for g in (1, 2, 3, 6, 12, 10**9) if crowd <= g)
            by[group].append(cpu_ms / (ms * probe))
print(sys.argv[1], ' '.join(f"n<={g if g < 10**9 else 'all'}:{statistics.mean(x):.2f}({len(x)})" for g, x in sorted(by.items())))
