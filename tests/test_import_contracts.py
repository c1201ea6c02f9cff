"""The imports go one way (issue 23, item 12; ``docs/architecture.md``, "Layout"): the
engine imports no UI, host or network library, no game package imports another, the
app's screens and widgets import each other without a circle (a screen that leads back
to another opens it through the app), and the modules of the engine's core and of each
game package listed in ``pyproject.toml`` import one way. The app's packages import one
way, from the shell down to ``tui.support``, which imports nothing else of the app, and
each game's app package (``tui.games.<game>``) imports its own engine game and the core,
never another game (issue 36). import-linter holds the contracts written in
``pyproject.toml``'s ``[tool.importlinter]``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept():
    lint = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def test_no_private_name_crosses_a_module():
    """A module's ``_private`` names stay in it: no ``from x import _name`` between the
    project's modules (Naughty or Nice's effects once imported ``_Tx`` from its rules)."""
    import ast

    offenders = []
    for package in ("engine", "tui", "host"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if not isinstance(node, ast.ImportFrom) or node.module == "__future__":
                    continue
                ours = node.level > 0 or (node.module or "").split(".")[0] in ("engine", "tui", "host")
                for alias in node.names:
                    if ours and alias.name.startswith("_") and not alias.name.startswith("__"):
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {alias.name}")
    assert offenders == []
