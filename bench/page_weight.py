"""What a browser downloads and how soon it answers: the lobby, a table of each game, a finished
Drum Roll replay, and the time from a click on a move to the board's redraw.

    .venv/bin/python bench/page_weight.py [--visits 2] [--clicks 15]

Starts `bigtop serve` of this tree on 127.0.0.1 with a fresh SQLite file and opens each page in
Debian's Chromium (Playwright), a fresh browser context (an empty cache) for each page's first
visit. From the Chrome DevTools Protocol it counts the files the page loaded, those the server
answered (the rest came from the cache) and the bytes on the wire, and the time until the page
shows (the lobby's form, the board, the replay's first step). At each game's table (Ada against
bots that wait a second) it then clicks a legal move `--clicks` times and times each click to the
board's next change (p50 and p90). Prints one line per measure and stops by itself.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path[:0] = [str(TESTS), str(TESTS / "server")]
from server_support import ServerProcess, create, sqlite_url, start_table  # noqa: E402

PLAYERS = {"drumroll": 3, "trollfest": 4, "carcassonne": 3}
MOVE = "#board :is(.move, .cc-fit)"  # what plays (Carcassonne: a square where the tile fits, then "Lay")
SHOWN = {"lobby": "#create-button", "table": MOVE, "replay": "#replay-position"}
WATCH_CLICKS = """() => {
  window.clicked = []; window.changed = [];
  document.addEventListener("click", () => window.clicked.push(performance.now()), true);
  new MutationObserver(() => window.changed.push(performance.now()))
    .observe(document.getElementById("app"), { childList: true, subtree: true, attributes: true, characterData: true });
}"""


def visits(browser: Browser, url: str, shown: str, count: int) -> list[str]:
    """Open `url` `count` times in one fresh context: a line per visit."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes: dict[str, int] = {}
    cached: set[str] = set()
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    lines = []
    for visit in range(count):
        sizes.clear()
        cached.clear()
        start = time.perf_counter()
        page.goto(url)
        page.locator(shown).filter(visible=True).first.wait_for()
        drawn = time.perf_counter() - start
        page.wait_for_load_state("networkidle")
        asked = {k: v for k, v in sizes.items() if k not in cached}
        lines.append(f"visit {visit + 1}: {len(sizes)} files, {len(asked)} from the server, "
                     f"{sum(asked.values()) / 1024:.1f} KiB on the wire, shown in {drawn * 1000:.0f} ms")
        page.goto("about:blank")
    context.close()
    return lines


def click_to_redraw(page: Page, clicks: int) -> list[float]:
    """Milliseconds from each click on a legal move to the page's next change."""
    page.evaluate(WATCH_CLICKS)
    times = []
    for _ in range(clicks):
        move = page.locator(MOVE).filter(visible=True).first
        try:
            move.wait_for(timeout=30_000)
        except Exception:  # the game ended, or no move came
            break
        before = page.evaluate("window.changed.length")
        move.click()
        page.wait_for_timeout(150)
        clicked, changed = page.evaluate(f"[window.clicked.at(-1), window.changed.slice({before})]")
        later = [t for t in changed if t >= clicked]
        if later:
            times.append(later[0] - clicked)
    return times


def table(client: Any, game: str) -> tuple[str, str]:
    seats = [{"name": "Ada"}] + [{"bot": "random"}] * (PLAYERS[game] - 1)
    created = create(client, seats, game=game, seed=None)
    return start_table(client, created, {0: "Ada"}), created["seats"][0]["token"]


def finished_replay(client: Any) -> str:
    table_id, token = table(client, "drumroll")
    client.post(f"/api/tables/{table_id}/leave", json={"token": token})
    deadline = time.monotonic() + 600
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        if time.monotonic() > deadline:
            raise SystemExit("the bots did not finish the Drum Roll game")
        time.sleep(0.5)
    return table_id


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[round(share * 10) - 1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=2, help="visits of each page, the first with an empty cache")
    parser.add_argument("--clicks", type=int, default=15, help="clicks timed at each game's table")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bigtop-weight-"))
    server = ServerProcess(sqlite_url(folder), folder, bot_delay=1.0).start()
    try:
        with sync_playwright() as playwright, server.client() as client:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            for line in visits(browser, server.url, SHOWN["lobby"], args.visits):
                print(f"lobby {line}", flush=True)
            for game in PLAYERS:
                table_id, token = table(client, game)
                url = f"{server.url}/#/table/{table_id}?token={token}"
                for line in visits(browser, url, SHOWN["table"], args.visits):
                    print(f"{game} table {line}", flush=True)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(url)
                page.locator(SHOWN["table"]).filter(visible=True).first.wait_for()
                times = click_to_redraw(page, args.clicks)
                page.close()
                if times:
                    print(f"{game} click to redraw: {len(times)} clicks, p50 {percentile(times, 0.5):.0f} ms, "
                          f"p90 {percentile(times, 0.9):.0f} ms", flush=True)
            replay_id = finished_replay(client)
            for line in visits(browser, f"{server.url}/#/replay/{replay_id}", SHOWN["replay"], args.visits):
                print(f"drumroll replay {line}", flush=True)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
