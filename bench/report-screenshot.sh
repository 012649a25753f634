#!/usr/bin/env bash
# Renders a class report page in headless Chromium and saves a screenshot, to look at it
# as an instructor would. Installs Chromium from Debian's packages when it is missing
# (a tool for looking, never a dependency of the workbook).
#
# Usage: bench/report-screenshot.sh REPORT_FOLDER [OUT.png]
# A sample page without grading a class: GRADE_REPORT_SAMPLE=/tmp/sample swift test --filter ClassReportTests,
# then bench/report-screenshot.sh /tmp/sample
set -euo pipefail
report="$(cd "$1" && pwd)"
out="${2:-$report/report.png}"
if ! command -v chromium >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null
fi
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,1900 \
  --screenshot="$out" "file://$report/report.html" >/dev/null 2>&1
echo "wrote $out"
