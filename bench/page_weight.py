"""What a browser downloads to draw the lobby: a first visit, then repeat visits.

    .venv/bin/python bench/page_weight.py [--visits 2]

Starts `bigtop serve` of this tree on 127.0.0.1 with a fresh SQLite file, opens the lobby in
Debian's Chromium (Playwright) and counts, from the Chrome DevTools Protocol, every file the page
loaded, those the server answered (the rest came from the browser's cache) and the bytes on the
wire, and the time until the lobby's form shows. Prints one line per visit and stops by itself.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path[:0] = [str(TESTS), str(TESTS / "server")]
from server_support import ServerProcess, sqlite_url  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=2, help="visits of the lobby, the first with an empty cache")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bigtop-weight-"))
    server = ServerProcess(sqlite_url(folder), folder).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_context().new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Network.enable")
            sizes: dict[str, int] = {}
            cached: set[str] = set()
            cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
            cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
            for visit in range(args.visits):
                sizes.clear()
                cached.clear()
                start = time.perf_counter()
                page.goto(server.url)
                page.wait_for_selector("#create-button")
                drawn = time.perf_counter() - start
                page.wait_for_load_state("networkidle")
                asked = {k: v for k, v in sizes.items() if k not in cached}
                print(f"visit {visit + 1}: {len(sizes)} files, {len(asked)} from the server, "
                      f"{sum(asked.values()) / 1024:.1f} KiB on the wire, lobby drawn in {drawn * 1000:.0f} ms")
                page.goto("about:blank")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
