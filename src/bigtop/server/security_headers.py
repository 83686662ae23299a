"""Headers every answer carries so that a browser holds the page to what it is: scripts, styles,
images and connections from this server only (`Content-Security-Policy`; the boards' colour
swatches are inline `style` attributes, and the page's import map the one inline script, allowed by
its digest), never framed by another
site (`frame-ancestors 'none'`, and `X-Frame-Options` for older browsers), no guessing of content
types (`X-Content-Type-Options: nosniff`), and no page address sent to other sites (`Referrer-Policy`).

The API's own documentation pages (`/docs`, `/redoc`) load FastAPI's scripts from a CDN: they get
every header but the page's content policy, which would blank them.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.types import ASGIApp, Message, Receive, Scope, Send


def content_policy(scripts: Sequence[str] = ()) -> str:
    """The page's content policy; `scripts` are the sources (`'sha256-...'`) of the inline
    scripts allowed besides the server's files (the page's import map)."""
    return "; ".join([
        "default-src 'self'",
        " ".join(["script-src 'self'", *scripts]),
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


_ALWAYS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"), (b"referrer-policy", b"same-origin")]
_DOCUMENTATION = [(b"content-security-policy", b"frame-ancestors 'none'")]
DOCUMENTATION_PAGES = ("/docs", "/redoc")


class SecurityHeaders:
    """Add the security headers to every HTTP answer."""

    def __init__(self, app: ASGIApp, scripts: Sequence[str] = ()) -> None:
        self.app = app
        self.every_page = [(b"content-security-policy", content_policy(scripts).encode())]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = _ALWAYS + (_DOCUMENTATION if scope["path"].startswith(DOCUMENTATION_PAGES) else self.every_page)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *added]
            await send(message)

        await self.app(scope, receive, with_headers)
