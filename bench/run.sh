#!/bin/sh
# Runs every benchmark of the repo and prints all the figures in one go.
#   bench/run.sh [path/to/siege]
set -u
here=$(dirname "$0")
status=0
for b in "$here"/startup.sh "$here"/odds.sh "$here"/batch.sh "$here"/tables.sh "$here"/chronicle.sh "$here"/undo.sh; do
  echo "### $(basename "$b")"
  sh "$b" "$@" || status=1
done
exit $status
