#!/usr/bin/env bash
# The kit as a teacher hands it out: build the wheel, install it into a fresh virtual environment
# outside the repository, then from a folder outside it run `mtgrules check`, copy the tutorials
# with `mtgrules lab DIR --copy-only` and run one of them (00_start_here) from the copy.
# Usage: tools/check_wheel.sh [PYTHON]   (run by .ci/run; about 1-2 minutes with a warm pip cache)
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
python="${1:-$repo/.venv/bin/python}"
work="$(mktemp -d "${TMPDIR:-/tmp}/mtgrules-wheel.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo ">> building the wheel"
"$python" -m pip wheel --quiet --no-deps -w "$work/dist" "$repo"
wheel="$(ls "$work"/dist/mtgrules-*.whl)"
unzip -l "$wheel" | grep -q "mtgrules/tutorials/00_start_here.ipynb" \
  || { echo "the wheel carries no tutorials" >&2; exit 1; }

echo ">> installing $(basename "$wheel")[lab] into a fresh venv"
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "$wheel[lab]" nbclient ipykernel

cd "$work"   # nowhere near the repository: everything below comes from the wheel
where="$("$work/venv/bin/python" -c 'import mtgrules; print(mtgrules.__file__)')"
case "$where" in
  "$work/venv/"*) echo ">> mtgrules imported from $where" ;;
  *) echo "mtgrules was imported from $where, not from the fresh venv" >&2; exit 1 ;;
esac

echo ">> mtgrules check"
"$work/venv/bin/mtgrules" check | tail -1

echo ">> mtgrules lab class --copy-only, then run class/00_start_here.ipynb"
"$work/venv/bin/mtgrules" lab class --copy-only
"$work/venv/bin/python" - <<'PY'
import nbformat
from nbclient import NotebookClient

nb = nbformat.read("class/00_start_here.ipynb", as_version=4)
NotebookClient(nb, timeout=300, kernel_name="python3",
               resources={"metadata": {"path": "class"}}).execute()
errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
assert not errors, errors
print(f"   ran {len(nb.cells)} cells without an error")
PY
echo ">> the wheel works outside the repository"
