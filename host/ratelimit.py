"""A token bucket: at most ``burst`` at once, then ``rate`` a second (the room service's
limits per player: rooms opened)."""

from __future__ import annotations

import time


class TokenBucket:
    """``burst`` tokens to start with, refilled at ``rate`` a second up to ``burst``.

    ``take()`` spends one and says whether there was one; ``now`` (``time.monotonic()``
    seconds) may be given by a caller that has it already."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = float(rate), float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self, now: float | None = None) -> bool:
        """Spend a token; False (nothing spent) when the bucket is empty."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
