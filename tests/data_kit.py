"""What the data tests share: a game's data module refusing a broken file.

Not a test module (no ``test_`` prefix); the test files import it from ``tests/``.
"""

from __future__ import annotations

import pytest


def refusal(monkeypatch, module, name: str, text: str) -> str:
    """The message of the ``ValueError`` that ``module.load()`` raises when its
    ``data/<name>`` reads ``text`` (its other files as they are); ``module`` reads its
    files through ``raw`` and caches ``load``. The cache is cleared before and after."""
    real = module.raw
    monkeypatch.setattr(module, "raw", lambda f: text.encode() if f == name else real(f))
    module.load.cache_clear()
    try:
        with pytest.raises(ValueError) as err:
            module.load()
    finally:
        monkeypatch.setattr(module, "raw", real)
        module.load.cache_clear()
    return str(err.value)
