#!/usr/bin/env python3
# Usage: lab-runs/analysis/at-calibration-speed.py SET OUT   (finding 28; a diagnostic, not a verdict)
# Copies SET/real and SET/repeat's real runs (no replays) into OUT/real and OUT/repeat with each run's speed probe
# set to its calibration's, so a replay of the copy is priced at the calibration's speed instead of the probe's:
#   java -jar JAR replay OUT/real/*.json.gz OUT/repeat/*.json.gz
#   java -jar JAR compare OUT/real --against OUT/repeat --no-charts     # OUT/repeat/judged.md
#   java -jar JAR compare OUT/real --effects --out OUT                   # OUT/effects.md
import glob, gzip, json, os, sys

set_dir, out = sys.argv[1], sys.argv[2]
if os.path.exists(out):
    sys.exit(f'{out} exists: give a new folder')
for recording in ('real', 'repeat'):
    os.makedirs(os.path.join(out, recording))
    for f in glob.glob(os.path.join(set_dir, recording, 'real-*.json.gz')):
        if f.endswith('-replay.json.gz'):
            continue
        run = json.load(gzip.open(f))
        run['speed_probe_ms'] = run['calibration']['speed_probe_ms']
        with gzip.open(os.path.join(out, recording, os.path.basename(f)), 'wt') as copy:
            json.dump(run, copy)
