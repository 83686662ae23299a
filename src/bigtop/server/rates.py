"""Token buckets: how much a client may ask of the server, on average and at once.

A `Bucket` holds up to `Rate.burst` tokens and gets `Rate.per_second` back each second; what a
client asks for takes tokens (a message one, a request the seconds it took), and what comes with
none left is refused. Used by the WebSocket budgets (`socket_limits.py`) and each address's share
of the server's time (`address_share.py`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rate:
    """`per_second` tokens back each second, at most `burst` held."""

    per_second: float
    burst: float


@dataclass
class Bucket:
    """A token bucket: `take` spends one token if there is one; tokens come back at `rate`."""

    rate: Rate
    tokens: float = -1.0
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.rate.burst

    def refill(self, now: float) -> None:
        self.tokens = min(self.rate.burst, self.tokens + (now - self.at) * self.rate.per_second)
        self.at = now

    def take(self, now: float) -> bool:
        self.refill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def spend(self, amount: float, now: float) -> None:
        """Take `amount` tokens, whether there are so many or not (the bucket may go below empty)."""
        self.refill(now)
        self.tokens -= amount


class Buckets:
    """A bucket per key (an address), made full when first asked for; past `most` keys, the
    buckets that have filled up again are forgotten (a full bucket is what a new one would be)."""

    def __init__(self, rate: Rate, most: int = 10_000) -> None:
        self.rate = rate
        self.most = most
        self._buckets: dict[str, Bucket] = {}

    def __getitem__(self, key: str) -> Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.most:
                self._forget_full()
            bucket = self._buckets[key] = Bucket(self.rate)
        return bucket

    def _forget_full(self) -> None:
        now = time.monotonic()
        for key, bucket in list(self._buckets.items()):
            bucket.refill(now)
            if bucket.tokens >= bucket.rate.burst:
                del self._buckets[key]
