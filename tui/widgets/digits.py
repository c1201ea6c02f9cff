"""``DigitEntry``: choices numbered past 9, picked by typing their number.

A row of choices numbered 1–12 takes "1" then "2" for choice 12: the first digit picks
its choice at once (the cursor shows it), and a second digit typed within ``WAIT``
seconds turns the two into one number when there is such a choice ("1", "1" → 11;
"1", "0" → 10). A first digit that no two-digit number can start (with 12 choices: 2
to 9) picks at once and waits for nothing. With at most 9 choices a digit is simply
its choice. A choice that does not exist is ``None``: the table says so.
"""

from __future__ import annotations

import time
from typing import Callable


class DigitEntry:
    """Reads typed digits as a choice number (see the module docstring).

    ``press(digit, count)`` → the 1-based choice the digits typed so far pick among
    ``count`` choices, or None when there is no such choice. ``clock`` gives seconds
    (``time.monotonic``; a test may give its own)."""

    #: Seconds within which a second digit joins the first.
    WAIT = 1.0

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._first: int | None = None  # a first digit that a second may join
        self._at = 0.0

    def press(self, digit: int, count: int) -> int | None:
        """The choice picked by ``digit`` typed now, among ``count`` choices (1-based)."""
        now = self.clock()
        first, self._first = self._first, None
        if first is not None and now - self._at <= self.WAIT and count >= 10:
            number = first * 10 + digit
            if 10 <= number <= count:
                return number
        if 1 <= digit and digit * 10 <= count:  # a second digit may follow
            self._first, self._at = digit, now
        return digit if 1 <= digit <= count else None

    def reset(self) -> None:
        """Forget a first digit (the choices changed, or another key was pressed)."""
        self._first = None

