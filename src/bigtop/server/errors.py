"""Errors the server turns into a clear answer (HTTP status or WebSocket error message)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bigtop.core.errors import BigtopError, IllegalAction, UnknownGame

MAX_ERROR_TEXT = 600  # characters of an error message; the rest is cut (an action may be huge)


def error_json(code: str, message: str) -> dict[str, str]:
    """The body of every refusal, `{"code", "message"}`, its message cut to `MAX_ERROR_TEXT` characters."""
    if len(message) > MAX_ERROR_TEXT:
        message = message[: MAX_ERROR_TEXT - 1] + "…"
    return {"code": code, "message": message}


class ServerError(BigtopError):
    """A request the server refuses; nothing was changed. `status` is the HTTP status to answer."""

    status = 400
    code = "bad_request"

    def to_json(self) -> dict[str, str]:
        return error_json(self.code, str(self))


class NotSignedIn(ServerError):
    """The request needs a signed-in player (or the name and password were wrong)."""

    status = 401
    code = "unauthorized"


class NotFound(ServerError):
    status = 404
    code = "not_found"


class Forbidden(ServerError):
    status = 403
    code = "forbidden"


class Conflict(ServerError):
    status = 409
    code = "conflict"


class StaleMove(Conflict):
    """A move meant for an earlier position of the game: another move came first."""

    code = "stale_move"


class UndoRefused(Conflict):
    """An undo the game's table rule refuses; `reason` says why ("nothing", "sealed", "other_seat",
    "irreversible", as `State.undo_refusal`, or "limit": `live_table.MAX_UNDOS`), for the page to
    word it."""

    code = "undo_refused"

    def __init__(self, message: str, reason: str | None) -> None:
        super().__init__(message)
        self.reason = reason

    def to_json(self) -> dict[str, str]:
        return {**super().to_json(), "reason": self.reason or ""}


class RateLimited(ServerError):
    """Too many attempts (sign-ins, chat messages) in a short time: wait, then try again."""

    status = 429
    code = "rate_limited"


class Busy(ServerError):
    """Too much is being searched now (reviews, hints): ask again in a while."""

    status = 429
    code = "busy"


class TooLarge(ServerError):
    status = 413
    code = "too_large"


class UnsupportedMediaType(ServerError):
    """A request body that is not JSON."""

    status = 415
    code = "unsupported_media_type"


class Unavailable(ServerError):
    """The server cannot do it now (its database cannot be written: read-only, disk full); nothing changed."""

    status = 503
    code = "unavailable"


def as_server_error(exc: BigtopError) -> ServerError:
    """Any bigtop error as a `ServerError` (illegal moves and bad options are 400, unknown games 404)."""
    if isinstance(exc, ServerError):
        return exc
    if isinstance(exc, UnknownGame):
        return NotFound(str(exc))
    error = ServerError(str(exc))
    if isinstance(exc, IllegalAction):
        error.code = "illegal_move"
    return error


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


_REFUSALS = {
    400: "bad request, bad options or an illegal move", 401: "not signed in, or a wrong name or password",
    403: "wrong token", 404: "unknown table, game or player",
    409: "wrong moment (code `conflict`) or a stale move (`stale_move`)", 413: "over 1 MiB",
    415: "a request body that is not JSON",
    429: "too many attempts in a short time (code `rate_limited`)",
    503: "the database cannot be written now (read-only, disk full), or too many sign-ins at once (code `unavailable`)",
}
# The refusals every API route may answer, for its OpenAPI schema (`APIRouter(responses=...)`).
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": f"Refused, nothing changed: {text}."} for status, text in _REFUSALS.items()
}
