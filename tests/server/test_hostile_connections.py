"""A hostile client's connections against a real server: request heads of bounded size and time
(long addresses, floods of headers, heads that never end, a WebSocket handshake alike), and the
headers every answer carries so that browsers hold the page to what it is."""

from __future__ import annotations

import socket
import time

import pytest
from hostile_support import address, raw_exchange, read_response
from server_support import ServerProcess, create

from bigtop.server.frontend import script_hash
from bigtop.server.http_protocol import HEAD_SECONDS, MAX_HEAD, MAX_URL
from bigtop.server.security_headers import content_policy


def _host(server: ServerProcess) -> str:
    return server.url.removeprefix("http://")


def test_an_address_over_the_limit_is_answered_414(server: ServerProcess) -> None:
    long = "/api/tables/" + "x" * (MAX_URL + 1)
    status, _ = raw_exchange(server, f"GET {long} HTTP/1.1\r\nHost: {_host(server)}\r\n\r\n".encode())
    fits, _ = raw_exchange(server, f"GET /api/games?pad={'x' * (MAX_URL - 100)} HTTP/1.1\r\nHost: {_host(server)}\r\n\r\n".encode())
    assert (status, fits) == (414, 200)


def test_a_websocket_handshake_with_a_long_address_is_answered(server: ServerProcess) -> None:
    with server.client() as client:
        table_id = create(client, [{"name": "Ada"}, {"bot": "random"}])["table"]["id"]
    handshake = (f"GET /ws/tables/{table_id}?token={'x' * (MAX_URL + 1)} HTTP/1.1\r\nHost: {_host(server)}\r\n"
                 "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n").encode()
    started = time.monotonic()
    status, _ = raw_exchange(server, handshake, timeout=5)
    assert status == 414 and time.monotonic() - started < 5


def test_a_flood_of_headers_is_answered_431_before_it_is_all_sent(server: ServerProcess) -> None:
    header = b"X-Pad: " + b"y" * 1000 + b"\r\n"
    sent = 0
    with socket.create_connection(address(server), timeout=10) as sock:
        sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: {_host(server)}\r\n".encode())
        try:
            while sent < 8 * 1024 * 1024:
                sock.sendall(header * 16)
                sent += 16 * len(header)
        except (BrokenPipeError, ConnectionResetError):
            pass
        status, _ = read_response(sock)
    small, _ = raw_exchange(server, f"GET /api/games HTTP/1.1\r\nHost: {_host(server)}\r\n".encode()
                            + header * (MAX_HEAD // len(header) - 2) + b"\r\n")
    assert status == 431 and small == 200
    assert sent < 8 * 1024 * 1024  # cut short (what the sockets' buffers took before the answer came)


@pytest.mark.parametrize("start", [b"", b"GET /api/games HTTP/1.1\r\nHost: x\r\n", b"GET /api/ga"])
def test_a_head_that_never_ends_is_dropped_in_time(server: ServerProcess, start: bytes) -> None:
    """Nothing, or a head that stops half-way: the connection is closed `HEAD_SECONDS` after it began."""
    with socket.create_connection(address(server), timeout=HEAD_SECONDS + 10) as sock:
        began = time.monotonic()
        sock.sendall(start)
        try:
            assert sock.recv(1024) == b""  # closed, unanswered
        except ConnectionResetError:
            pass
        waited = time.monotonic() - began
    assert HEAD_SECONDS - 1 <= waited < HEAD_SECONDS + 5


def test_a_connection_serves_request_after_request(server: ServerProcess) -> None:
    """The time limit is on a head, not on the connection: a client that keeps asking is served."""
    with socket.create_connection(address(server), timeout=10) as sock:
        for _ in range(3):
            sock.sendall(f"GET /api/bots HTTP/1.1\r\nHost: {_host(server)}\r\n\r\n".encode())
            status, _ = read_response(sock)
            assert status == 200


def test_every_answer_carries_the_security_headers(server: ServerProcess) -> None:
    with server.client() as client:
        answers = {path: client.get(path) for path in ("/", "/static/app.js", "/api/games", "/api/nowhere")}
        answers["413"] = client.post("/api/tables", content=b"x" * (1024 * 1024 + 1), headers={"content-type": "application/json"})
        docs = client.get("/docs")
    mapping = answers["/"].text.split('<script type="importmap">')[1].split("</script>")[0]
    policy = content_policy([script_hash(mapping)])  # the page's one inline script, allowed by its digest
    for name, answer in answers.items():
        assert answer.headers["content-security-policy"] == policy, name
        assert answer.headers["x-content-type-options"] == "nosniff", name
        assert answer.headers["x-frame-options"] == "DENY", name
    assert "frame-ancestors 'none'" in policy and "script-src 'self' 'sha256-" in policy and "unsafe-inline" not in policy.split("; ")[1]
    assert docs.status_code == 200 and docs.headers["content-security-policy"] == "frame-ancestors 'none'"
