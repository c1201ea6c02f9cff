"""Hosting shared games: the room service (``service``), its wire protocol
(``protocol``), a client for it (``client``) and the SSH server (``ssh``).

Only ``ssh`` imports asyncssh; nothing here imports textual or rich.
"""
