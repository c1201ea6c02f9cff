"""The app's declared contracts hold (issue 36, item 1): a game screen reads a session
through ``tui.support.contracts.SessionView``, which a game on this machine
(``engine.LocalSession``) and a shared room as its host shows it to one connection
(``tui.support.remote_session.RemoteSession``) both satisfy, with the same answers where
both know them."""

from __future__ import annotations

import engine
from engine.core.journal import Journal
from engine.core.room import Rooms, Seat
from tui.support.contracts import SessionView
from tui.support.remote_session import RemoteSession


def test_a_local_session_is_a_session_view():
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    assert isinstance(s, SessionView)


def test_a_shared_rooms_session_is_a_session_view_that_answers_as_the_local_one(tmp_path):
    rooms = Rooms(Journal(tmp_path / "rooms.journal"))
    room = rooms.create(game="giftbringer", creator="ann", seats=[Seat(""), Seat("")], options={"rounds": 1})
    room.join("ann")
    room.join("bob")
    room.start("ann")
    shown = RemoteSession(room.table_for("ann"))
    assert isinstance(shown, SessionView)
    local = room.session
    assert shown.names == local.names and shown.to_act_seats() == local.to_act_seats()
    assert shown.legal(0) == local.legal(0) and shown.view(0) == local.view(0)
    assert shown.seat_labels() == local.seat_labels() and shown.result() == local.result() is None


def test_something_that_misses_a_member_is_not_a_session_view():
    class Half:
        game, names = None, []

        def view(self, seat): ...

    assert not isinstance(Half(), SessionView)
