#!/usr/bin/env python3
# Usage: lab-runs/analysis/run-speed.py DIR...   (each DIR holds real-*.json.gz)
# Per run: its images' real CPU summed over what the calibration charges them (sample x preset x position
# factor), against its speed probe over the calibration's: does the probe follow the run? (finding 16)
import sys
from image_costs import real_runs, images

for directory in sys.argv[1:]:
    for run in real_runs(directory):
        real = calibrated = 0
        for position, crowd, cpu_ms, ms in images(run):
            real += cpu_ms
            calibrated += ms
        probe = run['speed_probe_ms'] / run['calibration']['speed_probe_ms']
        print(run['created_at'][11:19], run['policy'][:24].ljust(24), run['seed'],
              'run CPU/calibration %.2f   probe/calibration %.2f' % (real / calibrated, probe))
