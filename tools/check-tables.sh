#!/bin/bash
# Check the syscall tables and headers of the overlay (no kernel build),
# prove the checker catches broken copies, and record the result for
# tools/summary.py.
# Usage: tools/check-tables.sh
set -euo pipefail
. "$(dirname "$0")/env.sh"

mkdir -p "$LOG_DIR"
ktap=$LOG_DIR/check-tables.ktap
rc=0
python3 "$FUTEX2_REPO/tools/check-tables.py" "$OVERLAY_DIR" "$ARCH_MATRIX" >"$ktap" || rc=1
python3 "$FUTEX2_REPO/tools/check-tables.py" --self-test "$OVERLAY_DIR" "$ARCH_MATRIX" >>"$ktap" || rc=1
grep -E '^(not ok|# )' "$ktap" || true
passed=$(grep -c '^ok ' "$ktap" || true)
failed=$(grep -c '^not ok ' "$ktap" || true)
[[ $rc -ne 0 && $failed -eq 0 ]] && failed=1
record_result check-tables "$passed" "$failed"
log "$passed passed, $failed failed; KTAP: $ktap"
[[ $rc -eq 0 ]]
