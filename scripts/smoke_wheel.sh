#!/usr/bin/env bash
# Build mahjong-core and the example plugin as an sdist and a wheel (python -m build), install the
# wheels into a clean venv outside the checkout (not editable), and run scripts/smoke_wheel.py
# there: every installed ruleset scores, waits, analyses and settles, and `mahjong serve` answers.
# An editable install reads the source folder and hides files the packages forget to ship.
# PYTHON (default .venv/bin/python) needs the `build` package (the test extra has it).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/mahjong-smoke.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# built from a clean copy, as from a fresh clone: an editable install's *.egg-info file list would
# otherwise put files in the packages that pyproject.toml does not name
mkdir "$WORK/src"
tar -C "$ROOT" --exclude=.git --exclude=.venv --exclude='*.egg-info' --exclude=build --exclude=dist \
    --exclude=__pycache__ --exclude=.hypothesis --exclude=.pytest_cache --exclude=artifacts -cf - . \
    | tar -C "$WORK/src" -xf -
"$PYTHON" -m build --outdir "$WORK/dist" "$WORK/src" > "$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
"$PYTHON" -m build --wheel --outdir "$WORK/dist" "$WORK/src/examples/mahjong-258" > "$WORK/build-258.log" 2>&1 \
    || { cat "$WORK/build-258.log"; exit 1; }
echo "built: $(cd "$WORK/dist" && echo *)"

python3 -m venv "$WORK/venv"
core=("$WORK"/dist/mahjong_core-*.whl)
plugin=("$WORK"/dist/mahjong_258-*.whl)
"$WORK/venv/bin/pip" install -q "${core[0]}[web]" "${plugin[0]}"

mkdir "$WORK/run"
cd "$WORK/run"
env -u PYTHONPATH "$WORK/venv/bin/python" "$ROOT/scripts/smoke_wheel.py" "$ROOT"
