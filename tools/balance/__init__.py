"""Balance figures from bot games, one script per game whose data is a reconstruction:
``python -m tools.balance.<game> --help`` from the repository's root."""
