"""One package per game; each defines ``GAME``, an ``engine.core.decider.Game``."""
