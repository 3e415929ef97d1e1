"""Rewrites one committed set's calibration, everywhere it is kept: calibration.json, the calibration inside
calibration-report.json, and the copy embedded in every run record and replay of the set (SET/*/*.json.gz).

Imported by the one-off migrations scripts/add-report-fields.py and add-sample-preset-factors.py.
"""
import glob, gzip, json, os


def report(d):
    return json.load(open(os.path.join(d, 'calibration', 'calibration-report.json')))


def patch_everywhere(d, patch):
    """Applies patch(calibration dict) to every copy of SET_DIR d's calibration, after checking each is that
    calibration (the same source); returns how many records it rewrote."""
    source = report(d)['calibration']['source']

    def checked(cal):
        if cal.get('source') != source:
            raise SystemExit('a calibration other than ' + d + "'s: " + str(cal.get('source'))[:80])
        patch(cal)

    cal_path = os.path.join(d, 'calibration', 'calibration.json')
    cal = json.load(open(cal_path))
    checked(cal)
    json.dump(cal, open(cal_path, 'w'), indent=2)
    rep = report(d)
    checked(rep['calibration'])
    json.dump(rep, open(os.path.join(d, 'calibration', 'calibration-report.json'), 'w'), indent=2)
    n = 0
    for f in sorted(glob.glob(os.path.join(d, '*', '*.json.gz'))):
        rec = json.load(gzip.open(f))
        checked(rec['calibration'])
        with gzip.open(f, 'wt', compresslevel=9) as out:
            json.dump(rec, out, indent=2)
        n += 1
    return n
