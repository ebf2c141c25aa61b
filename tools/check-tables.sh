#!/bin/bash
# Check the syscall tables and headers of the overlay (no kernel build) and
# record the result for tools/summary.sh.
# Usage: tools/check-tables.sh
set -euo pipefail
. "$(dirname "$0")/env.sh"

mkdir -p "$LOG_DIR"
set +e
python3 "$FUTEX2_REPO/tools/check-tables.py" "$OVERLAY_DIR" "$ARCH_MATRIX" | tee "$LOG_DIR/check-tables.ktap"
rc=${PIPESTATUS[0]}
set -e
passed=$(grep -c '^ok ' "$LOG_DIR/check-tables.ktap" || true)
failed=$(grep -c '^not ok ' "$LOG_DIR/check-tables.ktap" || true)
[[ $rc -ne 0 && $failed -eq 0 ]] && failed=1
record_result check-tables "$passed" "$failed"
[[ $rc -eq 0 ]]
