"""One address asking for a long game's whole state, many requests at once, against another
address's quick requests: the server with each address's share of its time (`--address-share`,
the default) and without it, in turn.

    .venv/bin/python bench/address_share.py [-r 2] [--flooders 8] [--seconds 4]

Each round starts a server on 127.0.0.1 with the share off and one with the default share, the
order swapped every round, and in each: a four-player Drum Roll game between random bots played
to its end, 100 quiet requests for its summary from 127.0.0.3, then `--flooders` clients from
127.0.0.2 asking for its whole state without pause, and after `SETTLE` s the same summary requests from
127.0.0.3 for `--seconds`. Prints, per server, the quiet and the flooded p99 of the other
address, and the whole states the flood got while measured.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TREE / "tests" / "server"))

from hostile_support import elapsed, percentile  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402
from test_hostile_address_share import GREEDY, OTHER, _client, _long_finished_game  # noqa: E402

SETTLE = 8.0  # seconds of flood before measuring: the share's burst is spent, the flood at its pace


def run(share: float | None, flooders: int, seconds: float) -> dict[str, float]:
    """One server (`share` None: its default) under the flood; its figures."""
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(sqlite_url(Path(folder)), Path(folder), address_share=share).start()
        try:
            with _client(server, OTHER) as other:
                table_id = _long_finished_game(other)
                quiet = [elapsed(lambda: other.get(f"/api/tables/{table_id}")) for _ in range(100)]
                stop, served = threading.Event(), [0] * flooders  # whole states, by flooding thread

                def flood(n: int) -> None:
                    with _client(server, GREEDY) as client:
                        while not stop.is_set():
                            served[n] += client.get(f"/api/tables/{table_id}/state").status_code == 200

                threads = [threading.Thread(target=flood, args=(n,)) for n in range(flooders)]
                for thread in threads:
                    thread.start()
                time.sleep(SETTLE)
                before, during, end = sum(served), [], time.monotonic() + seconds
                while time.monotonic() < end:
                    during.append(elapsed(lambda: other.get(f"/api/tables/{table_id}")))
                got = sum(served) - before
                stop.set()
                for thread in threads:
                    thread.join()
        finally:
            server.stop()
    return {"quiet_p99_ms": 1000 * percentile(quiet, 0.99), "flooded_p99_ms": 1000 * percentile(during, 0.99),
            "whole_states": got}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", "--rounds", type=int, default=2)
    parser.add_argument("--flooders", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args()
    for r in range(args.rounds):
        for label, share in (("off", 0.0), ("share", None))[:: 1 if r % 2 == 0 else -1]:
            figures = run(share, args.flooders, args.seconds)
            print(f"round {r + 1} {label:>5}: other address p99 {figures['quiet_p99_ms']:.1f} ms quiet, "
                  f"{figures['flooded_p99_ms']:.1f} ms flooded; {figures['whole_states']:.0f} whole states "
                  f"to the flood in {args.seconds:g} s", flush=True)


if __name__ == "__main__":
    main()
