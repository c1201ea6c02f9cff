"""Dice Upon a Time (Istvan Szauer, Korona Games): dice placement on a map, 2–5 players.
Not yet playable: the reconstructed components are in ``data/``."""
