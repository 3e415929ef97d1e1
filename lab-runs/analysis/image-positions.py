#!/usr/bin/env python3
# Usage: lab-runs/analysis/image-positions.py DIR   (DIR holds real-*.json.gz; the first set: git archive d0977bf lab-runs/real | tar -x -C /tmp/first)
# By position in a worker's life: real CPU of an image over the calibration's measured cost (sample, preset).
import collections, statistics, sys
from image_costs import real_runs, images

by = collections.defaultdict(lambda: collections.defaultdict(list))
for run in real_runs(sys.argv[1]):
    for position, crowd, cpu_ms, ms in images(run, with_factors=False):
        if ms >= 50:
            by[run['policy']][min(position, 12)].append(cpu_ms / ms)
for policy, v in by.items():
    print(policy, ' '.join(f"{p}:{statistics.mean(x):.2f}({len(x)})" for p, x in sorted(v.items())))
