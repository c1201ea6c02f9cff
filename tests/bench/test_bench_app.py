"""App start to first frame (issue 2, "8. Benchmarks": aim ≤ 500 ms).

Measured from outside: a fresh ``python`` process imports the app, shows the menu
headless, waits for the first frame to be painted and exits. The figure therefore
includes interpreter start-up and every import — what a player waits for.
"""

import subprocess
import sys

FIRST_FRAME = """
from tui.app import BoxtopApp

async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()

BoxtopApp().run(headless=True, size=(120, 40), auto_pilot=first_frame)
"""


def test_bench_app_start_to_first_frame(benchmark):
    def start():
        return subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, timeout=60)

    proc = benchmark.pedantic(start, rounds=5, warmup_rounds=1)
    assert proc.returncode == 0, proc.stderr.decode()
