"""The contract tests: every protocol contract of ``engine.Game``, checked once across all
registered games (a package, so per-game tests import ``contract.kit``)."""
