"""The layering (``docs/architecture.md``, "Layout": "engine/ rules and the event log; imports
neither textual nor rich"; "Testing": "The layering (engine never imports textual, rich
or asyncssh) is checked by a test")."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
FORBIDDEN = {"textual", "rich", "asyncssh", "tui"}


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) for every import in ``path``, including imports inside
    functions and ``importlib.import_module("…")`` calls with a literal name."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Attribute, ast.Name))
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.lineno, node.args[0].value))
    return found


def test_the_scan_sees_imports(tmp_path):
    # the scanner itself: a forbidden import anywhere in a module is found
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import os\n"
        "def f():\n    import rich.console\n    from textual.app import App\n"
        "    importlib.import_module('asyncssh')\n"
    )
    assert {name.split(".")[0] for _, name in imported_modules(probe)} == {"os", "rich", "textual", "asyncssh"}


def test_engine_sources_import_no_ui_or_network_library():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 20  # core and gift_trap at least
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in files
        for line, name in imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    ]
    assert offenders == []


def test_importing_and_playing_loads_no_ui_or_network_library():
    # A fresh interpreter: import the engine, play and save a whole bot game, load and
    # verify it; none of textual, rich, asyncssh (or the tui package) may be imported.
    script = """
import sys, tempfile, os
import engine
from engine import Seat
s = engine.new_game("gift-trap", [Seat("a", "heuristic"), Seat("b", "random"), Seat("c", "heuristic")],
                    seed=1, options={"extra_tiles": True, "track_length": 12})
s.run_bots()
assert s.result() is not None
s.log_lines(0)
path = os.path.join(tempfile.mkdtemp(), "g.json")
s.save(path)
engine.verify(path)
engine.load(path).view(None)
for game in engine.all_games():
    game.rules_text
bad = sorted(m for m in sys.modules if m.split(".")[0] in {"textual", "rich", "asyncssh", "tui"})
assert not bad, bad
print("ok", len(sys.modules))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok ")


def test_only_the_ssh_module_of_host_imports_asyncssh_and_none_imports_the_ui():
    # DESIGN.md, "Sessions": the room service is the authority and speaks msgspec frames;
    # the SSH server only carries bytes to a process of the app. So host/ never imports
    # textual, rich or the tui package, and asyncssh only in host/ssh.py.
    files = sorted((ROOT / "host").rglob("*.py"))
    assert {"service.py", "protocol.py", "client.py"} <= {f.name for f in files}
    offenders = []
    for path in files:
        for line, name in imported_modules(path):
            top = name.split(".")[0]
            if top in {"textual", "rich", "tui"} or (top == "asyncssh" and path.name != "ssh.py"):
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert offenders == []
