"""The `--cpu/--wall` option of every bench command (`bench`, `bench-ismcts`, `rl bench`,
`bench-server`): which clock its figures count.

CPU time is the default. On a machine that other work shares, the wall clock charges a measurement
with the time other processes held the core (it under-reported 3 to 25 times on the two shared
cores bigtop is developed on), while the CPU time of the process doing the work hardly moves; on
an idle core the two agree.
"""

from __future__ import annotations

from typing import Annotated

import typer

ClockOpt = Annotated[
    bool,
    typer.Option(
        "--cpu/--wall",
        help="Count the CPU time of the process doing the work (the default: on a shared machine the wall clock "
        "also counts the time other processes hold the core), or the wall clock.",
    ),
]
