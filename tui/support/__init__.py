"""The app's leaf helpers: what the screens, the tables and the widgets use and which
imports nothing else of the app (an import-linter contract in ``pyproject.toml``).

``contracts`` (what a widget may ask of its screen and a screen of its app), ``stack``
(only the screen on top dismisses itself), ``keys`` (one key at a time), ``runs`` (lines
of styled text fitted to a width), ``chat`` (the room's talk as the panes show it),
``remote_session`` (a shared game's session, ``RemoteSession``), ``paths`` (where saves
go and how a path reads), ``best`` (the best results kept), ``bots`` (the bots' names
and strengths), ``chances`` (a search's chance in words), ``turn_bell`` (the bell when
a turn comes round).
"""
