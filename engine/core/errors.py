"""Errors the engine raises to its callers, each carrying one sentence for a player."""


class IllegalCommand(Exception):
    """A command the rules refuse; ``str(err)`` is one sentence naming the rule.

    Raised by a game's ``decide`` and by ``Session.play``; the state is unchanged.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class SaveError(Exception):
    """A save file that cannot be loaded or verified; ``str(err)`` names the problem in one sentence."""
