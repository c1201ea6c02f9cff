"""Where a host keeps its data: the journal, the host key and the room service's socket."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

SOCKET_NAME = "rooms.sock"


def data_dir() -> Path:
    """``$BOXTOP_HOST_DIR``, else platformdirs' user data folder for boxtop + ``host``."""
    env = os.environ.get("BOXTOP_HOST_DIR")
    return Path(env).expanduser() if env else platformdirs.user_data_path("boxtop") / "host"


def socket_path(data: Path | None = None) -> Path:
    """The room service's Unix socket inside ``data`` (default ``data_dir()``)."""
    return (data or data_dir()) / SOCKET_NAME
