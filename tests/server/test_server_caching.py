"""The page's files are kept by the browser under versioned addresses and asked again at plain ones."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from server_support import ServerProcess, sqlite_url

from bigtop.server.boards import STATIC
from bigtop.server.frontend import KEPT, version_of


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("caching")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()


def test_the_page_names_versioned_files_kept_a_year(server):
    with server.client() as client:
        page = client.get("/")
        assert page.headers["cache-control"] == "no-cache"  # the page itself is asked again: it names the version
        version = re.search(r'src="/assets/([0-9a-f]{16})/app.js"', page.text).group(1)
        assert f'href="/assets/{version}/style.css"' in page.text and '"/static/' not in page.text.split("importmap")[0]
        mapping = re.search(r'<script type="importmap">(.*?)</script>', page.text).group(1)
        assert mapping == f'{{"imports": {{"/static/": "/assets/{version}/", "/boards/": "/assets/{version}/boards/"}}}}'
        assert page.text.index("importmap") < page.text.index('type="module"')  # before any module loads
        head = page.text.split("</head>")[0]
        sheets = sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*.css"))
        assert sheets[:2] == ["games/carcassonne.css", "games/drumroll.css"] and "review.css" in sheets
        for sheet in sheets:  # every stylesheet in the head: no board is drawn before its colours arrive
            assert f'<link rel="stylesheet" href="/assets/{version}/{sheet}">' in head, sheet
        for path in ("app.js", "style.css", "games/drumroll.js", "boards/drumroll.js", "boards/highcard.js"):
            kept = client.get(f"/assets/{version}/{path}")
            assert kept.status_code == 200 and kept.headers["cache-control"] == KEPT, path
            plain = client.get(f"/static/{path}" if not path.startswith("boards/") else f"/{path}")
            assert plain.content == kept.content and plain.headers["cache-control"] == "no-cache", path
            again = client.get(f"/static/{path}" if not path.startswith("boards/") else f"/{path}",
                               headers={"if-none-match": plain.headers["etag"]})
            assert again.status_code == 304, path  # asked again, answered without the file
        old = client.get("/assets/0123456789abcdef/app.js")  # a page open across a deploy
        assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
        for missing in (f"/assets/{version}/nothing.js", f"/assets/{version}/boards/nothing.js",
                        f"/assets/{version}/../pyproject.toml", f"/assets/{version}/boards/..%2f..%2fapp.py"):
            assert client.get(missing).status_code == 404, missing


def test_the_version_changes_with_any_file(tmp_path):
    files = [tmp_path / "a.js", tmp_path / "b.css"]
    for path in files:
        path.write_text("x")
    before = version_of(files)
    assert version_of(reversed(files)) == before  # the order files are listed in does not matter
    files[1].write_text("y")
    assert version_of(files) != before
