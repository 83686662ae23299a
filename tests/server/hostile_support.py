"""Test support for the hostile-client tests: raw HTTP over a socket (what a polite client will not
send), a chunked upload that stops at a byte budget, a server process's peak memory, requests
fired at the same moment from threads, and a server process that cannot write what it may not
(root included) or that runs out of disk."""

from __future__ import annotations

import ctypes
import os
import resource
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx
from server_support import ServerProcess

T = TypeVar("T")


def address(server: ServerProcess) -> tuple[str, int]:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    return host, int(port)


def client_from(server: ServerProcess, local: str) -> httpx.Client:
    """A client of `server` whose connections come from the loopback address `local` (127.0.0.x):
    one address among several, as the per-address limits count them."""
    return httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address=local))


def read_response(sock: socket.socket, timeout: float = 10) -> tuple[int | None, bytes]:
    """The status and the bytes of the answer on `sock` (None if the server closed without one)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            part = sock.recv(65536)
            if not part:
                break
            data += part
        head, _, rest = data.partition(b"\r\n\r\n")
        length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), None)
        while length is not None and len(rest) < length:
            part = sock.recv(65536)
            if not part:
                break
            rest += part
        data = head + b"\r\n\r\n" + rest
    except ConnectionResetError:
        pass
    if not data.startswith(b"HTTP/1.1 "):
        return None, data
    return int(data[9:12]), data


def raw_exchange(server: ServerProcess, request: bytes, timeout: float = 10) -> tuple[int | None, bytes]:
    """Send these exact bytes on a new connection; answers the response's status and bytes."""
    with socket.create_connection(address(server), timeout=timeout) as sock:
        sock.sendall(request)
        return read_response(sock, timeout)


def chunked_upload(server: ServerProcess, path: str, total: int, chunk: int = 64 * 1024,
                   content_type: str = "application/json", start: bytes = b'{"game": "') -> tuple[int | None, int]:
    """POST a chunked body of `total` bytes (JSON text that never ends: `start` then letters),
    stopping early if the server answers or closes; answers the status and the bytes sent."""
    head = (f"POST {path} HTTP/1.1\r\nHost: {server.url.removeprefix('http://')}\r\n"
            f"Content-Type: {content_type}\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    sent = 0
    with socket.create_connection(address(server), timeout=20) as sock:
        sock.sendall(head)
        try:
            payload = start
            while sent < total:
                piece = (payload + b"x" * chunk)[:chunk]
                payload = b""
                sock.sendall(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                sent += len(piece)
                if _answered(sock):
                    break
            else:
                sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        status, _ = read_response(sock)
    return status, sent


def _answered(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return bool(sock.recv(1, socket.MSG_PEEK))
    except BlockingIOError:
        return False
    finally:
        sock.setblocking(True)


def peak_memory(pid: int) -> int:
    """The most memory process `pid` has held so far (its peak resident set, bytes)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM in /proc")


def at_once(calls: list[Callable[[], T]]) -> list[T]:
    """Run every call in its own thread, all released at the same moment; answers their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[T | None] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(600)
    return results  # type: ignore[return-value]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def elapsed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def without_file_override() -> None:
    """In a child about to exec: lose the power to write files the permissions forbid (root's
    CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH), so that a read-only file is read-only to it too."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def file_size_limit(size: int) -> Callable[[], None]:
    """In a child about to exec: no file it writes may grow past `size` bytes (a disk that is full)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit
