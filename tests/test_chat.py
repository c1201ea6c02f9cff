"""Table talk in shared rooms (``engine.core.chat``; ``docs/architecture.md``, "Sessions"):
its limits, who reads what, the journal and the save, in the engine and over the room
service's socket. The screens' side is ``test_tui_chat.py``; over SSH ``test_ssh_chat.py``."""

from __future__ import annotations

import msgspec
import pytest

import engine
from engine import Seat
from engine.core import chat
from engine.core.chat import ChatLine, ChatRefused, check_text
from engine.core.journal import Journal
from engine.core.room import Rooms
from engine.core.save_read import loads
from engine.core.save_write import dumps
from host import protocol as p
from host.service import RoomService

from test_room_service import SHORT, Peer, open_room, service, short_dir  # noqa: F401 (fixtures)


def started_room(path, spectator_talk: bool = False):
    """ann and bob at a started Gift Trap table with a bot, cyd watching."""
    journal = Journal(path)
    rooms = Rooms(journal)
    room = rooms.create(game="gift-trap", creator="ann", seats=[Seat(""), Seat(""), Seat("", "heuristic")], options=SHORT, seed=5)
    room.join("ann")
    room.join("bob")
    room.watch("cyd")
    room.set_spectator_talk("ann", spectator_talk)
    room.start("ann")
    return journal, rooms, room


# ---------------------------------------------------------------------- the engine
@pytest.mark.parametrize("text", ["a\nb", "tab\there", "bell\x07", "esc\x1b[31m", "rtl\u202eoverride", "nul\x00"])
def test_a_line_with_a_control_character_is_refused_in_one_sentence(text):
    with pytest.raises(ChatRefused) as err:
        check_text(text)
    assert str(err.value) == "A line is plain text: no tabs, newlines or control characters."


def test_a_line_is_at_most_200_characters_and_markup_stays_text():
    assert check_text("x" * 200) == "x" * 200
    with pytest.raises(ChatRefused, match=r"at most 200 characters \(wide ones count 2\); this one is 201"):
        check_text("x" * 201)
    with pytest.raises(ChatRefused, match="Type something"):
        check_text("   ")
    assert check_text(" [b]x[/b] [@click=quit]x ") == "[b]x[/b] [@click=quit]x"


# A seated player said these four lines to make talk look like the game's log or flood
# it; each passed the old check (plain text, at most 200 characters).
FORGED = "ok" + " " * 60 + "tk1 starts the game. Hints used by alice."
FILLER = "\u3164" * 5 + "text"
STACKED = "a" + "\u0301" * 150
WIDE = "漢" * 120


def test_runs_of_white_space_are_one_space_so_talk_cannot_indent_like_the_log():
    assert check_text(FORGED) == "ok tk1 starts the game. Hints used by alice."
    # every kind of space is one space; none at either end
    assert check_text("\u3000 a \u00a0\u2003 b\u202f ") == "a b"


@pytest.mark.parametrize("blank", ["\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u034f", "\u17b4"])
def test_letters_that_draw_nothing_are_refused_in_one_sentence(blank):
    for text in (FILLER, blank * 3 + "hi", "hi " + blank, blank):
        with pytest.raises(ChatRefused) as err:
            check_text(text)
        assert str(err.value) == "A line cannot hold invisible letters, such as fillers or blank braille."


def test_a_character_unicode_has_not_assigned_is_refused():
    # its width is anybody's guess: a terminal may draw it as a box, two cells, or nothing
    with pytest.raises(ChatRefused) as err:
        check_text("hi \u0378")
    assert str(err.value) == "A line cannot hold characters this host does not know."


def test_a_letter_carries_at_most_three_marks_and_composed_letters_none():
    with pytest.raises(ChatRefused) as err:
        check_text(STACKED)
    assert str(err.value) == "A letter may carry at most 3 accents or marks."
    with pytest.raises(ChatRefused, match="at most 3 accents"):
        check_text("zalgo" + "\u0489\u0301\u0300\u0302")  # four on the last letter
    # Vietnamese typed with combining accents is composed (NFC): "ệ" is one letter
    assert check_text("Vie\u0323\u0302t") == "Việt"
    assert check_text("a\u0301\u0300\u0302") == "á\u0300\u0302"  # three (NFC composes the first): allowed
    assert check_text("x\u0489\u0301\u0300") == "x\u0489\u0301\u0300"  # three on a letter with none composed
    assert check_text("\u0e01\u0e35\u0e49") == "\u0e01\u0e35\u0e49"  # Thai: a vowel and a tone on one letter
    # a skin tone right after an emoji, once; the variation selector only picks a look
    assert check_text("\U0001f44d\U0001f3fd ok") == "\U0001f44d\U0001f3fd ok"
    assert check_text("\u2764\ufe0f ok") == "\u2764 ok"
    for stray in ("a\U0001f3fd", "\U0001f44d\U0001f3fd\U0001f3fd"):
        with pytest.raises(ChatRefused, match="A skin tone goes right after an emoji, once."):
            check_text(stray)


def test_the_limit_counts_cells_a_wide_letter_two():
    with pytest.raises(ChatRefused) as err:
        check_text(WIDE)
    assert str(err.value) == "A line is at most 200 characters (wide ones count 2); this one is 240."
    assert check_text("漢" * 100) == "漢" * 100
    assert chat.line_width(WIDE) == 240 and chat.line_width(FORGED) == 44
    assert chat.line_width("a\u0301\u0301\u0301 " * 50) == 99  # marks take no cell
    # every line said fits the wire: at most MAX_CODE_POINTS characters
    assert len(check_text("a\u0301\u0300\u0302" * 200)) <= chat.MAX_CODE_POINTS


def test_the_engine_counts_cells_as_the_app_draws_them():
    from rich.cells import cell_len

    from engine.core import talk_text
    samples = ["ok tk1 starts", "漢字かなカナ한국어", "Tiếng Việt", "\u0e01\u0e35\u0e49\u0e44\u0e17\u0e22",
               "\u0915\u094d\u0937\u093f", "\U0001f44d\U0001f3fd \U0001f600", "Ｆｕｌｌ", "шалом שָׁלוֹם"]
    for text in samples:
        assert talk_text.cells(text) == cell_len(text), text


def test_five_lines_at_once_then_one_a_second(tmp_path):
    _, _, room = started_room(tmp_path / "j.sqlite3")
    for i in range(5):
        room.say("ann", f"line {i}", now=100.0)
    with pytest.raises(ChatRefused) as err:
        room.say("ann", "one too many", now=100.5)
    assert str(err.value) == chat.TOO_FAST == "You are talking too fast; wait a moment."
    room.say("bob", "bob has his own bucket", now=100.5)
    room.say("ann", "a second later", now=101.5)
    with pytest.raises(ChatRefused):
        room.say("ann", "again at once", now=101.6)
    assert [line.text for line in room.chat.lines].count("one too many") == 0
    assert len(room.chat.lines) == 7


def test_only_people_in_the_room_talk_and_only_the_creator_lets_spectators_reach_players(tmp_path):
    _, _, room = started_room(tmp_path / "j.sqlite3")
    with pytest.raises(ChatRefused, match="not in this room"):
        room.say("dan", "hello")
    with pytest.raises(ChatRefused, match="not in this room"):
        room.say("cyd", "I only watch", spectator=False)
    with pytest.raises(ChatRefused, match="Only the room's creator"):
        room.set_spectator_talk("bob", True)
    quiet = room.say("cyd", "psst", spectator=True)
    assert quiet.spectator and not quiet.players
    assert room.chat.visible(quiet, "cyd", True) and not room.chat.visible(quiet, "ann", False)
    room.set_spectator_talk("ann", True)
    heard = room.say("cyd", "now you hear me", spectator=True)
    assert room.chat.visible(heard, "ann", False)
    assert not room.chat.visible(quiet, "ann", False)  # decided when it was said


def test_a_muted_persons_lines_are_not_shown_to_the_muter_only(tmp_path):
    _, _, room = started_room(tmp_path / "j.sqlite3")
    room.chat.mute("ann", "BOB")
    line = room.say("bob", "spam")
    assert not room.chat.visible(line, "ann", False)
    assert room.chat.visible(line, "cyd", True)
    assert room.chat.recent("ann", False) == []
    room.chat.mute("ann", "bob", False)
    assert room.chat.recent("ann", False) == [line]
    with pytest.raises(ChatRefused, match="yourself"):
        room.chat.mute("ann", "Ann")


def test_lines_carry_their_ply_and_are_journaled_across_a_restart(tmp_path):
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    rooms = Rooms(journal)
    room = rooms.create(game="gift-trap", creator="ann", seats=[Seat(""), Seat("", "heuristic"), Seat("", "heuristic")], options=SHORT, seed=5)
    room.join("ann")
    room.say("ann", "before the start")
    room.start("ann")
    ply = room.session.ply
    room.say("ann", "[b]x[/b] at the table")
    code = room.code
    journal.close()
    again = Rooms(Journal(path)).get(code)
    assert [(line.name, line.text, line.ply) for line in again.chat.lines] == [
        ("ann", "before the start", 0), ("ann", "[b]x[/b] at the table", ply),
    ]
    assert again.session.chat == again.chat.lines  # what the room's save will keep


def test_the_save_keeps_the_lines_players_may_read_and_old_saves_load(tmp_path):
    _, _, room = started_room(tmp_path / "j.sqlite3")
    room.say("ann", "good luck")
    room.say("cyd", "ann will lose", spectator=True)  # not for the players' eyes
    room.play("ann", room.session.legal("ann")[0])
    room.say("bob", "[@click=quit]x")
    data = dumps(room.session)
    assert b"ann will lose" not in data
    back = loads(data)
    assert [(c.name, c.text, c.ply) for c in back.chat] == [
        ("ann", "good luck", 1), ("bob", "[@click=quit]x", room.session.ply),
    ]
    assert dumps(back).split(b'"saved_at"')[1].split(b",", 1)[1] == data.split(b'"saved_at"')[1].split(b",", 1)[1]
    old = engine.new_game("gift-trap", [Seat("ann"), Seat("bob", "heuristic"), Seat("cyd", "heuristic")], seed=1)
    plain = dumps(old)
    assert b'"chat"' not in plain  # no talk, no field: older boxtops read it
    assert loads(plain).chat == []


def test_a_room_keeps_its_newest_lines_only():
    talk = chat.RoomChat([ChatLine("ann", str(i)) for i in range(chat.KEPT + 10)])
    assert len(talk.lines) == chat.KEPT and talk.lines[0].text == "10"
    assert len(talk.recent("bob", False)) == chat.RECENT


# ---------------------------------------------------------------------- over the service
async def test_a_line_reaches_everyone_in_the_room_and_spectators_talk_among_themselves(service):
    code, (ann, bob), (cyd,) = await open_room(service, watchers=("cyd",))
    said = await ann.ask(p.Say("  hello [b]all[/b]  "), p.ChatLines)
    assert said.code == code and [(c.name, c.text, c.spectator) for c in said.lines] == [("ann", "hello [b]all[/b]", False)]
    for other in (bob, cyd):
        got = await other.expect(p.ChatLines)
        assert got.lines == said.lines and not got.fresh
    whisper = await cyd.ask(p.Say("spectators only"), p.ChatLines)
    assert whisper.lines[0].spectator and not whisper.lines[0].players
    await ann.quiet()
    await bob.quiet()
    refused = await bob.ask(p.SpectatorTalk(True), p.ChatRefused)
    assert "Only the room's creator" in refused.message
    await ann.client.send(p.SpectatorTalk(True))
    for peer in (ann, bob, cyd):
        assert (await peer.expect(p.ChatLines)).spectator_talk is True
    await cyd.client.send(p.Say("now the players hear us"))
    for peer in (ann, bob, cyd):
        assert (await peer.expect(p.ChatLines)).lines[0].text == "now the players hear us"


async def test_refusals_over_the_service_say_one_sentence_and_send_nothing(service, monkeypatch):
    monkeypatch.setattr(chat, "clock", lambda: 1000.0)  # every line at once, however slow the machine
    _, (ann, bob), _ = await open_room(service)
    bad = await ann.ask(p.Say("two\nlines"), p.ChatRefused)
    assert bad.message == "A line is plain text: no tabs, newlines or control characters."
    for i in range(chat.BURST):
        await ann.ask(p.Say(f"line {i}"), p.ChatLines)
        await bob.expect(p.ChatLines)
    fast = await ann.ask(p.Say("too fast"), p.ChatRefused)
    assert fast.message == "You are talking too fast; wait a moment."
    await bob.quiet()
    # a client that does not check: the room checks as the app does …
    wide = await ann.ask(LongSay("漢" * 120), p.ChatRefused)
    assert wide.message == "A line is at most 200 characters (wide ones count 2); this one is 240."
    # … and a frame longer than any line that can be said is a bad frame
    too_long = await ann.ask(LongSay("x" * (chat.MAX_CODE_POINTS + 1)), p.Refused)
    assert f"length <= {chat.MAX_CODE_POINTS}" in too_long.message
    await bob.quiet()  # bob was sent none of them


class LongSay(msgspec.Struct, frozen=True, tag="say"):
    """A ``Say`` with no length limit, as a client that does not check would send it."""

    text: str


async def test_a_mute_hides_that_persons_lines_from_the_muter_across_a_reconnection(service):
    code, (ann, bob), (cyd,) = await open_room(service, watchers=("cyd",))
    muted = await ann.ask(p.Mute("bob"), p.ChatLines)
    assert muted.fresh and muted.muted == ["bob"]
    await bob.client.send(p.Say("spam"))
    assert (await bob.expect(p.ChatLines)).lines[0].text == "spam"
    assert (await cyd.expect(p.ChatLines)).lines[0].text == "spam"
    await ann.quiet()
    await ann.close()
    ann = await Peer.connect(service.test_socket, "ann")
    await ann.client.send(p.JoinRoom(code))
    await ann.expect(p.TableUpdate)
    back = await ann.expect(p.ChatLines)  # the muter's catch-up: still muted, no spam
    assert back.fresh and back.lines == [] and back.muted == ["bob"]


async def test_the_recent_lines_come_back_after_a_restart_of_the_service(service, short_dir):
    code, (ann, bob), _ = await open_room(service)
    for i in range(3):
        await ann.ask(p.Say(f"line {i}"), p.ChatLines)
    await service.close()
    again = RoomService(short_dir / "data", bot_pace=None)
    await again.start(short_dir / "t.sock")
    try:
        bob = await Peer.connect(short_dir / "t.sock", "bob")
        await bob.client.send(p.JoinRoom(code))
        await bob.expect(p.TableUpdate)
        caught = await bob.expect(p.ChatLines)
        assert caught.fresh and [c.text for c in caught.lines] == ["line 0", "line 1", "line 2"]
        assert all(c.ply == 1 for c in caught.lines)
        await bob.close()
    finally:
        await again.close()
        service.close = _noop  # the fixture's close: done already


async def _noop() -> None:
    return None


def test_a_journal_without_talk_opens_without_a_write_and_a_deleted_room_takes_its_lines(tmp_path):
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    room = Rooms(journal).create(game="gift-trap", creator="ann", seats=[Seat(""), Seat("", "heuristic"), Seat("", "heuristic")],
                                 options=SHORT)
    journal.close()
    journal = Journal(path)
    again = Rooms(journal).get(room.code)
    tables = {row[0] for row in journal.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert again.chat.lines == [] and "chat" not in tables  # as an older boxtop's journal: nothing written
    again.join("ann")
    again.say("ann", "hello")
    assert [c.text for c in journal.chat(room.code, 10)] == ["hello"]
    journal.delete_room(room.code)
    assert journal.db.execute("SELECT count(*) FROM chat").fetchone() == (0,)
