"""Run notebooks and keep outputs only in the cells marked ``# NBVAL_CHECK_OUTPUT``.

nbval compares those cells' outputs with what is stored, so after a change to the engine's
wording, run ``make notebooks`` (or this script on some notebooks) and commit the result.
Every other cell is saved without outputs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def refresh(path: Path) -> list[str]:
    """Execute ``path`` in its folder; strip unchecked outputs; return error messages."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = []
    nb.metadata.pop("widgets", None)  # saved widget state: large, and only for a live kernel
    for cell in nb.cells:
        cell.metadata.pop("execution", None)  # timestamps would make every refresh a diff
        if cell.cell_type != "code":
            continue
        bad = [o for o in cell.outputs if o.output_type == "error"]
        if bad and "NBVAL_RAISES_EXCEPTION" not in cell.source:
            errors.append(f"{path.name}: {bad[0].ename}: {bad[0].evalue}")
        if "NBVAL_CHECK_OUTPUT" not in cell.source:
            cell.outputs = []
            cell.execution_count = None
    nbformat.write(nb, path)
    return errors


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(Path("notebooks").glob("*.ipynb"))
    errors = [e for p in paths for e in refresh(p)]
    for e in errors:
        print(e, file=sys.stderr)
    print(f"refreshed {len(paths)} notebook(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
