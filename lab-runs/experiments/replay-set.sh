#!/usr/bin/env bash
# Replays a set's real runs into a scratch folder and compares them, for a what-if: apply one of the
# patches here, build, then e.g.
#   HL_SPEED=warmfew lab-runs/experiments/replay-set.sh lab-runs/real /tmp/what-if
# (The committed replays are never touched; `git checkout src` undoes the patch.)
set -euo pipefail
src=$1
out=$2
jar=${JAR:-target/helper-lab.jar}
rm -rf "$out"
mkdir -p "$out"
for f in "$src"/real-*.json.gz; do
  case "$f" in *-replay.json.gz) continue ;; esac
  cp "$f" "$out"/
done
java -jar "$jar" replay "$out"/real-*.json.gz > /dev/null
java -jar "$jar" compare "$out" --out "$out" --no-charts | sed -n 3,5p
