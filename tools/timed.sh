#!/bin/bash
# Run one layer of make test and note its wall-clock seconds for the
# summary (RESULTS_DIR/times: "LAYER SECONDS"). Its exit status is not the
# verdict: the layer's record is (tools/summary.py), so this always exits 0
# and make goes on to the next layer.
# Usage: tools/timed.sh LAYER COMMAND [ARG...]
. "$(dirname "$0")/env.sh"
[[ $# -ge 2 ]] || die "usage: tools/timed.sh LAYER COMMAND [ARG...]"
layer=$1
shift
start=$(date +%s)
"$@" || log "$layer: $1 exited $?"
mkdir -p "$RESULTS_DIR"
echo "$layer $(($(date +%s) - start))" >>"$RESULTS_DIR/times"
exit 0
