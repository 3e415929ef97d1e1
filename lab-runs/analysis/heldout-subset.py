#!/usr/bin/env python3
# Usage: lab-runs/analysis/heldout-subset.py SET OUT   (SET: lab-runs/held-out, judged; OUT: a new folder)
# The held-out set's subset rule, fixed before any replay (held-out/README.md): the runs whose speed probe in
# both recordings is within 10% of the calibration's. Lists every scenario x policy x seed with its two probes
# and whether it is in; copies the subset's runs (real/ with their replays, repeat/ too) into OUT/real and
# OUT/repeat, so the same judgement runs on it:
#   java -jar target/helper-lab.jar compare OUT/real --against OUT/repeat --no-charts
import glob, gzip, json, os, shutil, sys

BAND = 0.10
set_dir, out = sys.argv[1], sys.argv[2]
if os.path.exists(out):
    sys.exit(f'{out} exists: give a new folder')

def runs(recording):
    found = {}
    for f in glob.glob(os.path.join(set_dir, recording, 'real-*.json.gz')):
        if f.endswith('-replay.json.gz'):
            continue
        r = json.load(gzip.open(f))
        found[(r['scenario'], r['policy'], r['seed'])] = (f, r['speed_probe_ms'], r['calibration']['speed_probe_ms'])
    return found

real, repeat = runs('real'), runs('repeat')
if set(real) != set(repeat):
    sys.exit('the two recordings hold different runs: %s' % sorted(set(real) ^ set(repeat)))
calibration = next(iter(real.values()))[2]
low, high = calibration * (1 - BAND), calibration * (1 + BAND)
print(f'calibration probe {calibration:.1f} ms; in: both probes within {low:.1f}-{high:.1f} ms')
chosen = []
for key in sorted(real):
    a, b = real[key][1], repeat[key][1]
    inside = low <= a <= high and low <= b <= high
    print('%-9s %-28s s%-3d real %6.1f ms  repeat %6.1f ms  %s' % (*key, a, b, 'in' if inside else ''))
    if inside:
        chosen.append(key)
print(f'{len(chosen)} of {len(real)} in the subset')
for recording, found in (('real', real), ('repeat', repeat)):
    os.makedirs(os.path.join(out, recording))
    for key in chosen:
        f = found[key][0]
        shutil.copy(f, os.path.join(out, recording))
        replay = f[:-len('.json.gz')] + '-replay.json.gz'  # PHASE=judge writes each replay beside its run
        if os.path.exists(replay):
            shutil.copy(replay, os.path.join(out, recording))
