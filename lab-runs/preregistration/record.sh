#!/usr/bin/env bash
# Records the pre-registered operating points (phase-points.json beside this script) on the real cage, replays
# each recording in the simulator and writes the verdict: one command for a quiet stretch of about 5 hours
# (6 points x 3 seeds x 15 min + grace, settling and the host checks). The protocol of scripts/record-trigger-runs:
# a capped cage on this machine (1.5 cores, 2 GiB, edf-fit admission) with the calibration in CAL, the cage's CPU
# share measured through each run (kept in each record; starved runs are discarded and counted by the verdict),
# the host's steadiness and pace (its speed probe against the calibration's) checked before and after; a host off
# its calibration's pace by more than PACE_TOLERANCE (0.20) before a stretch, or on another processor than the
# calibration names, is not recorded on. Each point runs as a cage exhibit of the calm mix at the point's
# offered load, cut to the exhibit, with its trigger (or none), for each seed; seeds are the outer loop, so a
# stretch cut short still has every point at its first seeds.
#
# Everything goes into one dated folder SET (default lab-runs/HOST-DATE-phase-points):
#   SET/points/ID/real-*.json.gz          the recordings of point ID, and their -replay.json.gz beside them
#   SET/points/ID/replies.jsonl           the cage's answer to each exhibit
#   SET/calibration/calibration.json      the calibration the cage forecast with
#   SET/steadiness-before.txt, -after.txt the host's steadiness; SET/host-notes.txt what was wrong with the host
#   SET/protocol.txt                      what was run, from which commit
#   SET/verdict.md, SET/sim-seeds.jsonl   the verdict (helper-lab verdict SET) and the seeds it judged times by
#
#   CAL=lab-runs/amd-2026-12-01c/calibration/calibration.json lab-runs/preregistration/record.sh
#   CALIBRATE=1 SEEDS=0 lab-runs/preregistration/record.sh      measure this host first; one seed per stretch, then
#   SEEDS="1 2" SET=<that set> lab-runs/preregistration/record.sh  carries on with the set's own calibration
# A dry run of the pipeline (one point cut short; not a recording of the point, the verdict will say it is short):
#   POINTS=M1 SEEDS=0 DURATION=60 TRIGGER=none STEADY_S=0 SETTLE_S=5 SIM_SEEDS=0 SET=/tmp/points-dry CAL=... \
#     lab-runs/preregistration/record.sh
# Needs root (cgroup), PostgreSQL and Redis (scripts/services starts them), jq.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREREG=${PREREG:-lab-runs/preregistration/phase-points.json}
command -v jq >/dev/null || { echo "record.sh reads $PREREG with jq; install jq" >&2; exit 2; }
POINTS=${POINTS:-$(jq -r '.points[].id' "$PREREG")}
SEEDS=${SEEDS:-$(jq -r '.recording_seeds | map(tostring) | join(" ")' "$PREREG")}
DURATION=${DURATION:-$(jq -r '.exhibit_s' "$PREREG")}
GRACE=${GRACE:-20}
# TRIGGER=none plays every point without its trigger (a dry run shorter than the trigger's start)
TRIGGER=${TRIGGER:-}
# SIM_SEEDS: simulated seeds per point the verdict judges times by (default: the pre-registration's; 0: only seeds 0-2)
SIM_SEEDS=${SIM_SEEDS:-}
SET=${SET:-lab-runs/$(hostname -s)-$(date -u +%Y-%m-%d)-phase-points}
CAL=${CAL:-$SET/calibration/calibration.json}
DATA=${DATA:-/tmp/helperlab-record-points}
JAR=${JAR:-target/helper-lab.jar}

[ -f "$CAL" ] || [ "${CALIBRATE:-0}" = 1 ] || { echo "no calibration at $CAL: give CAL=FILE (e.g. a steady set's calibration/calibration.json) or CALIBRATE=1 to measure this host into $SET/calibration" >&2; exit 2; }
for id in $POINTS; do
  jq -e --arg id "$id" '.points[] | select(.id == $id)' "$PREREG" >/dev/null \
    || { echo "no point '$id' in $PREREG (known: $(jq -r '[.points[].id] | join(" ")' "$PREREG"))" >&2; exit 2; }
done
scripts/services
# the jar is built from the commit protocol.txt names (NO_BUILD=1: use JAR as it is; it must know `verdict`)
[ "${NO_BUILD:-0}" = 1 ] || mvn -q -B -o -DskipTests package
java -jar "$JAR" verdict --help >/dev/null 2>&1 || { echo "$JAR does not know 'helper-lab verdict': build it" >&2; exit 2; }
mkdir -p "$SET/points" "$SET/calibration" "$DATA"
if [ ! -f "$CAL" ]; then
  # the host measured now, capped as the cage will be; a doubtful calibration (a busy host) stops the recording
  java -jar "$JAR" calibrate --data "$DATA" --out "$SET/calibration" 2>&1 | tee "$SET/calibration/calibrate.log"
  CAL=$SET/calibration/calibration.json
fi
[ "$(realpath "$CAL")" = "$(realpath -m "$SET/calibration/calibration.json")" ] || cp "$CAL" "$SET/calibration/calibration.json"
# A set is recorded over several stretches (SEEDS=0, then SEEDS="1 2" into the same SET): each stretch adds its block.
[ -f "$SET/protocol.txt" ] && echo >> "$SET/protocol.txt"
{
  echo "recorded from commit $(git rev-parse HEAD 2>/dev/null || echo unknown)$(git status --porcelain --untracked-files=no 2>/dev/null \
    | grep -q . && echo ' (with uncommitted changes)') on $(hostname -s), started $(date -u +%FT%TZ)"
  echo "pre-registration $PREREG (sha256 $(sha256sum "$PREREG" | cut -c1-16))"
  echo "POINTS=\"$(echo $POINTS)\" SEEDS=\"$SEEDS\" DURATION=$DURATION GRACE=$GRACE TRIGGER=${TRIGGER:-as registered}"
  echo "cage: --cpus 1.5 --memory 2g, calibration $CAL"
} >> "$SET/protocol.txt"
touch "$SET/host-notes.txt"
export HELPERLAB_PG_URL=${HELPERLAB_PG_URL:-"jdbc:postgresql://127.0.0.1:5432/helperlab_record_points?user=postgres"}

# The same library the calibration measured (seed 1, 16 images, 0.3-70 MP).
[ -f "$DATA/samples/samples.json" ] || java -jar "$JAR" cage samples --out "$DATA/samples"

steadiness() {
  [ "${STEADY_S:-60}" = 0 ] && { echo "steadiness $1 the recordings not checked (STEADY_S=0)" >> "$SET/host-notes.txt"; return 0; }
  # every stretch adds its block: a later stretch must not overwrite an earlier one's check
  echo "== $1 the stretch POINTS=\"$(echo $POINTS)\" SEEDS=\"$SEEDS\", $(date -u +%FT%TZ)" >> "$SET/steadiness-$1.txt"
  local rc=0
  java -jar "$JAR" cage steadiness --data "$DATA" --seconds "${STEADY_S:-60}" --calibration "$CAL" \
    --pace-tolerance "${PACE_TOLERANCE:-0.20}" | tee -a "$SET/steadiness-$1.txt" || rc=$?
  case $rc in
    0) ;;
    3) echo "$(date -u +%FT%TZ) SEEDS=\"$SEEDS\": this machine's speed moved more than 10% $1 the recordings (see steadiness-$1.txt)" \
         | tee -a "$SET/host-notes.txt" >&2 ;;
    4) echo "$(date -u +%FT%TZ) SEEDS=\"$SEEDS\": this host ran off its calibration's pace $1 the recordings (see steadiness-$1.txt)" \
         | tee -a "$SET/host-notes.txt" >&2
       # the cage offers loads as shares of its calibration: off pace, they are not the registered loads
       if [ "$1" = before ] && [ "${PACE_ANYWAY:-0}" != 1 ]; then
         echo "not recording: on this host the loads offered would not be the ones registered (PACE_ANYWAY=1 records anyway)" >&2
         exit 3
       fi ;;
    5) echo "$(date -u +%FT%TZ) SEEDS=\"$SEEDS\": this host's processor is not the calibration's $1 the recordings (see steadiness-$1.txt)" \
         | tee -a "$SET/host-notes.txt" >&2
       # another machine: its costs are not the calibration's, whatever the pace; never recorded on
       [ "$1" = before ] && { echo "not recording: another machine than the calibration's" >&2; exit 3; } ;;
    *) echo "the steadiness check failed (exit $rc)" >&2; exit "$rc" ;;
  esac
}
steadiness before
java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$JAR" cage serve --data "$DATA" --port 0 --cpus 1.5 --memory 2g \
  --calibration "$CAL" --set redis_prefix=helperlab-record-points > "$DATA/supervisor.log" 2>&1 &
CAGE=$!
trap 'kill $CAGE 2>/dev/null; wait $CAGE 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  grep -q "serving on" "$DATA/supervisor.log" && break
  kill -0 $CAGE 2>/dev/null || { cat "$DATA/supervisor.log" >&2; exit 1; }
  sleep 1
done
grep -q "capped, cgroup" "$DATA/supervisor.log" || { echo "the cage is not capped (the protocol needs its CPU cap):" >&2; \
  grep "cage:" "$DATA/supervisor.log" >&2; exit 1; }
sleep "${SETTLE_S:-30}"
echo '{"op":"status"}' | java -jar "$JAR" ctl --data "$DATA" | head -c 600; echo

# the point's trigger as the cage takes it: "spike 2.0 at 300.0 for 60.0" -> {"kind":"spike",...}; null for none
trigger_json() {
  [ "$TRIGGER" = none ] && { echo null; return; }
  jq -c --arg id "$1" '.points[] | select(.id == $id) | .trigger
    | if . == null then null else (split(" ") | {kind: .[0], size: (.[1] | tonumber), at_s: (.[3] | tonumber),
      duration_s: (.[5] | tonumber)}) end' "$PREREG"
}

for seed in $SEEDS; do
  for id in $POINTS; do
    policy=$(jq -r --arg id "$id" '.points[] | select(.id == $id) | .policy' "$PREREG")
    load=$(jq -r --arg id "$id" '.points[] | select(.id == $id) | .offered_load' "$PREREG")
    trigger=$(trigger_json "$id")
    mkdir -p "$SET/points/$id"
    req="{\"op\":\"exhibit\",\"policy\":\"$policy\",\"scenario\":\"calm\",\"offered_load\":$load,\"seed\":$seed,\"duration_s\":$DURATION,\"grace_s\":$GRACE,\"trigger\":$trigger,\"wait\":true}"
    reply=$(echo "$req" | java -jar "$JAR" ctl --data "$DATA")
    echo "$reply" >> "$SET/points/$id/replies.jsonl"
    run=$(echo "$reply" | sed -n 's/.*"run":"\([^"]*\)".*/\1/p')
    if [ -z "$run" ]; then echo "exhibit of $id seed $seed failed: $reply" >&2; exit 1; fi
    gzip -9 -c "$DATA/runs/$run.json" > "$SET/points/$id/$run.json.gz"
    echo "recorded $id seed $seed ($policy at $load, trigger $trigger): $SET/points/$id/$run.json.gz"
  done
done
kill $CAGE; wait $CAGE 2>/dev/null || true
trap - EXIT
steadiness after
echo "ended $(date -u +%FT%TZ)" >> "$SET/protocol.txt"

java -jar "$JAR" replay $(ls "$SET"/points/*/*.json.gz | grep -v -- '-replay\.json\.gz$') > /dev/null
java -jar "$JAR" verdict "$SET" --prereg "$PREREG" ${SIM_SEEDS:+--seeds "$SIM_SEEDS"}
