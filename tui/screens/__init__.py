"""The app's screens: menu, new game, load, the game frame, hand-over, result, replay, rules."""
