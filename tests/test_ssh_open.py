"""``boxtop host --open`` says plainly what it gives away (the security review's N6): a
player without a key who drops out can be replaced by anyone logging in under that name,
who then gets the seat and its hidden cards. SECURITY.md ("Open mode") says the same."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("asyncssh")

from ssh_helpers import HostProcess  # noqa: E402


def test_the_open_hosts_warning_says_a_keyless_seat_can_be_taken_over():
    parent = Path(tempfile.mkdtemp(prefix="bxo", dir="/tmp"))
    host = HostProcess(parent / "d").start()
    try:
        host.stop()
        said = " ".join(host.log_text().split())
        assert "warning: the host is open" in said
        assert ("A player without a key who drops out can be replaced by anyone who logs in under the same name, "
                "and sees that seat's hidden cards") in said
    finally:
        shutil.rmtree(parent, ignore_errors=True)
