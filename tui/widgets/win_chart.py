"""``WinChart``: every seat's estimated chance to win over a game, drawn by plotext
(``textual-plotext``'s ``PlotextPlot``), with a mark at the entry the replay shows.

The points are an analysis's grades (``engine.core.analysis.MoveGrade``): at each graded
move, every seat's chance after the move played, as the search estimated it from the
mover's view (``MoveGrade.chances``), so a bot, whose moves are not graded, has a line
too; an x marks the mover's point at each inaccuracy or worse.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from textual_plotext import PlotextPlot

from engine.core.analysis import FLAWS

#: A line's colour for each seat, in seat order (plotext's colour names).
SEAT_COLOURS = ("cyan", "orange", "green", "magenta", "yellow", "blue", "red", "white")


class WinChart(PlotextPlot):
    """The chart of ``names``' chances (0–100 %) against the entry number, one line a
    seat, and a vertical mark at ``position`` (the entry shown). ``solo``: the line is
    the expected share of the score, and the title says so."""

    DEFAULT_CSS = """
    WinChart { height: 1fr; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names: Sequence[str] = ()
        self.points: dict[int, list[tuple[int, float]]] = {}
        self.flaws: list[tuple[int, float]] = []  # (entry, chance) of an inaccuracy or worse
        self.plotted = 0  # how many grades the points and flaws are of
        self.position = 0
        self.last = 1
        self.solo = False

    def show(self, names: Sequence[str], grades: Mapping[int, Any], position: int, last: int,
             solo: bool = False, number: Callable[[int], int] = lambda ply: ply) -> None:
        """Draw ``grades`` (ply → ``MoveGrade``; an analysis only grows, so its lines are
        worked out again only when it has more) for ``names``; the mark at entry
        ``position`` of entries 0 (the setup) to ``last``. ``number``: the entry number
        of a ply (``LocalSession.applied_seq``: the save's numbering, which the replay's
        status line and ``boxtop analyse`` show)."""
        self.names, self.position, self.last, self.solo = names, position, max(1, last), solo
        if len(grades) != self.plotted:
            points: dict[int, list[tuple[int, float]]] = {}
            flaws = []
            for ply in sorted(grades):
                g = grades[ply]
                # every seat's chance as the mover estimated it (an older analysis: the mover's alone)
                for seat, chance in (enumerate(g.chances) if g.chances else [(g.seat, g.chance)]):
                    points.setdefault(seat, []).append((number(g.ply), round(100 * chance, 1)))
                if g.grade in FLAWS:
                    flaws.append((number(g.ply), round(100 * g.chance, 1)))
            self.points, self.flaws, self.plotted = points, flaws, len(grades)
        self._draw()

    def _draw(self) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title("expected share of the score, %" if self.solo else "chance to win, %")
        plt.xlim(0, self.last)
        plt.ylim(0, 100)
        plt.yticks([0, 25, 50, 75, 100])
        ticks = sorted({*range(0, self.last, 25 if self.last <= 150 else 100), self.last})
        plt.xticks(ticks, [str(t) for t in ticks])
        plt.xlabel("entry")
        for seat, line in sorted(self.points.items()):
            xs, ys = zip(*line)
            plt.plot(list(xs), list(ys), marker="braille", color=SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                     label=str(self.names[seat]))
        if self.flaws:
            xs, ys = zip(*self.flaws)
            plt.scatter(list(xs), list(ys), marker="x", color="red", label="mistakes")
        plt.vline(self.position, "gray")
        self.refresh()
