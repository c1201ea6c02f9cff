"""How a seat is named where seats are listed: a person's seat by its name, a bot's seat
by its name and strength ("bot3 (hard bot)"), the same for a bot that holds an away
person's seat in a shared room ("cyd (expert bot)"). The notation never uses a label:
"give 2 to bot3" names the seat by its name alone.
"""

from __future__ import annotations

#: Bot kinds as players know them: ``heuristic`` is the ``normal`` strength
#: (``engine.core.strengths``); every other kind is its own word.
WORDS = {"heuristic": "normal"}


def bot_word(kind: str) -> str:
    """A bot kind as players call it: ``"heuristic"`` → ``"normal"``, else ``kind``."""
    return WORDS.get(kind, kind)


def a_bot(kind: str) -> str:
    """"a hard bot", "an expert bot", "an easy bot": the bot of ``kind`` in a sentence."""
    word = bot_word(kind)
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word} bot"


def seat_label(name: str, bot: str | None, width: int | None = None) -> str:
    """The seat called ``name`` as a list of seats shows it: ``name`` for a person,
    "name (hard bot)" for a bot of kind ``bot``. ``width``: the columns it may take at
    most; a bot's label is shortened to fit, first to "name (hard)", then to its name
    (cut with "…" only when the name alone is longer). Never raises."""
    if bot is None:
        label = name
    else:
        word = bot_word(bot)
        label = f"{name} ({word} bot)"
        if width is not None and len(label) > width:
            label = f"{name} ({word})"
            if len(label) > width:
                label = name
    if width is not None and len(label) > width:
        return label[:max(0, width - 1)] + "…" if width > 0 else ""
    return label
