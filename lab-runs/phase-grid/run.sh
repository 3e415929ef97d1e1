#!/bin/bash
# The phase grid's slices this session ran, each as shards (merge regenerates findings with the newest code).
J="java -jar /tmp/phase-grid/lab.jar sweep --study phase --study-only --study-seeds 10 --second-calibration none --threads 2"
run() { name=$1; shift; n=$1; shift
  for i in $(seq 0 $((n-1))); do
    s=$(date +%s.%N); $J "$@" --shard $i/$n --out /tmp/phase-grid/$name-$i > /tmp/phase-grid/$name-$i.log 2>&1
    echo "$name $i/$n $(cat /tmp/phase-grid/$name-$i.log | tail -1) wall $(echo "$(date +%s.%N) - $s" | bc)" >> /tmp/phase-grid/progress.log
  done; }
run A 1 --phase-conditions none --phase-settings edf-fit
run B 2 --phase-conditions none --phase-settings edf-fit/at-once,edf-fit/backoff,none,edf-fit*0.7,edf-fit*1.4
run C 4 --phase-conditions triggers --phase-settings edf-fit --phase-triggers spike:0.5:60,spike:1:60,spike:2:60,spike:4:60,spike:0.5:300,spike:1:300,spike:2:300,spike:4:300,slowdown:0.5:300,cost_jump:1:300
echo alldone >> /tmp/phase-grid/progress.log
