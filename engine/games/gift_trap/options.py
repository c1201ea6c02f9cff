"""Gift Trap's options: the German text's rules by default, the published English values
as options, and the choices the text leaves open (see ``RULES.md`` beside this file)."""

from typing import ClassVar

import msgspec

#: Default track length from GO to GIFTED. The text prints none. A table of two careful
#: players (heuristic bots: a steady taste, learning the others') and two careless ones
#: (random bots) ends a 4-player game in a median of 11 rounds (80% within 8–13); four
#: careful bots finish in about 6, four careless ones in about 20. Real players sit
#: between, so 30 spaces make a 4-player game last about 8–12 rounds
#: (``tests/test_gift_trap_calibration.py`` keeps this true).
DEFAULT_TRACK_LENGTH = 30
#: The track's sensible range: a game of careless players on twice the default track
#: already lasts some 40 rounds. A longer one is no game anyone finishes, and a shared
#: host must not spend its time and memory on it (a track of 100000 froze one).
MIN_TRACK, MAX_TRACK = 3, 60


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Gift Trap options.

    - ``extra_tiles``: the variant with Give more, Get more and Gifttrap
      (``gift-trap.de.txt``, last paragraph, "Als Spielvariante …").
    - ``no_way_points``: points a No way costs both players: 3 in the German text
      ("Bei einem 'No way' verlieren beide beteiligten Spieler drei Punkte"), 4 in the
      published English rules.
    - ``hold_scores``: the published English scoring: each gift is scored in turn (the
      dealer's received gifts first, then clockwise) and every parcel stops at GO and at
      GIFTED as it goes (and can drop back out of GIFTED). Off: a round's points are
      added up and moved at once, and the parcel stops at GO and at GIFTED.
    - ``keep_past_gifted``: without ``hold_scores``, points past GIFTED are kept (a
      parcel may stand at 12 on a track of 6, a cushion against later losses), as
      boxtop played before it capped them; with ``hold_scores`` it changes nothing.
    - ``fill_all_spaces``: deal 9 gifts every round instead of players + 1 (the German
      text only recommends players + 1 with fewer than 8 players; the English rules
      always deal players + 1, the default here).
    - ``track_length``: spaces from GO to GIFTED (not published; default 30, 3 to 60).
    - ``extras_once_per_game``: Give more and Get more are used once per game, like the
      Gifttrap tile; by default they may be used once every round.

    Raises ``msgspec.ValidationError`` for values out of range.
    """

    #: One plain line per option for the new-game form (the detail is in RULES.md).
    NOTES: ClassVar[dict[str, str]] = {
        "extra_tiles": "Give more, Get more and the Gifttrap",
        "no_way_points": "what a No way costs (English rules: 4)",
        "hold_scores": "scored gift by gift (English rules)",
        "fill_all_spaces": "deal 9 gifts, not one more than players",
        "track_length": "spaces from GO to GIFTED (3 to 60)",
        "extras_once_per_game": "Give more and Get more once a game",
        "keep_past_gifted": "points past GIFTED still count",
    }
    #: What a game recorded before an option existed was played with: a save or a
    #: room whose options lack the field takes this value (``engine.core.seating_options.
    #: recorded``), so it replays as it was played; a new game takes the field's default.
    RECORDED_BEFORE: ClassVar[dict[str, bool]] = {"keep_past_gifted": True}

    extra_tiles: bool = False
    no_way_points: int = 3
    hold_scores: bool = False
    fill_all_spaces: bool = False
    track_length: int = DEFAULT_TRACK_LENGTH
    extras_once_per_game: bool = False
    keep_past_gifted: bool = False

    def __post_init__(self):
        if not 1 <= self.no_way_points <= 9:
            raise msgspec.ValidationError("no_way_points must be between 1 and 9")
        if not MIN_TRACK <= self.track_length <= MAX_TRACK:
            raise msgspec.ValidationError(f"track_length must be between {MIN_TRACK} and {MAX_TRACK}")
