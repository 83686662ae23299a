"""Worker processes that end with the process that started them.

Tournaments, simulations, tuning runs, reviews and the server hand work to child processes. A
child must not outlive its parent: when a designer stops `bigtop arena` with `kill`, or the server
is killed, its workers would otherwise play their games (or search) on to the end, unseen.
`die_with_parent` is called first thing in each child.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PARENT_POLL_SECONDS = 0.5  # how often a child looks whether its parent is still there
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """End this process when process `parent` ends, even if this one is busy or stuck: the kernel's
    parent-death signal on Linux, and everywhere a thread that watches the parent's id."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before we asked
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent,), name="bigtop-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)
