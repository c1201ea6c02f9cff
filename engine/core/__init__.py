"""The game-agnostic engine: deciders, the log, RNG, saves, sessions and bots."""
