"""A token bucket: at most ``burst`` at once, then ``rate`` a second (the room service's
limits per player: rooms opened, frames, hints; a room's talk per person; the SSH host's
input bytes per session)."""

from __future__ import annotations

import time


class TokenBucket:
    """``burst`` tokens to start with, refilled at ``rate`` a second up to ``burst``.

    ``take()`` spends one and says whether there was one; ``spend(n)`` spends ``n`` even
    past empty (a debt) and says how long until it is paid; ``now``
    (``time.monotonic()`` seconds, or any clock that never goes back, the same one each
    call) may be given by a caller that has it already, at the start too."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float, now: float | None = None) -> None:
        self.rate, self.burst = float(rate), float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Spend a token; False (nothing spent) when the bucket is empty."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def spend(self, amount: float, now: float | None = None) -> float:
        """Spend ``amount`` tokens, going into debt if there are fewer; returns the
        seconds until the bucket is no longer in debt (0.0 when it is not)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate) - amount
        self.stamp = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate
