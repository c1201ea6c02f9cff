"""Developer scripts, run from the repository's root (``python -m tools.…``); not part of
the installed packages (``pyproject.toml`` ships ``engine``, ``tui`` and ``host`` only)."""
