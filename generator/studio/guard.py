"""Who may ask the studio anything: safe by default.

- Only the host names the studio was started for (127.0.0.1 and localhost, and the LAN address with `--lan`), so
  a web page elsewhere cannot reach it by pointing a name of its own at this machine (DNS rebinding).
- With `--lan`, nothing is served without the token: `?token=...` once (the printed address, the QR code) sets a
  cookie that later requests carry; anything else is refused with a page saying how to get in.
- A request that changes something (POST) must carry the studio's own header, which a page of another site cannot
  send without the browser asking first (and the studio never says yes), so no other site can call numbers or
  start a game through your browser.
"""
from __future__ import annotations

import hmac
from typing import Any, Awaitable, Callable
from urllib.parse import parse_qsl, urlencode

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "pnp_studio"
#: the header every changing request of the studio's own pages carries
HEADER = "x-pnp-studio"

Refuse = Callable[[int, str], Awaitable[Any]]


class Guard:
    """ASGI middleware: the host check, the LAN token, the header on changing requests. `refusal(status, why,
    scope)` makes the answer a refused request gets (a page in the studio's words)."""

    def __init__(self, app: App, hosts: set[str], token: str | None,
                 refusal: Callable[[int, str, Scope], Any]) -> None:
        self.app, self.hosts, self.token, self.refusal = app, {h.lower() for h in hosts}, token, refusal

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        if headers.get("host", "").lower() not in self.hosts:
            await self.refusal(400, "host", scope)(scope, receive, send)
            return
        if self.token is not None:
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            given = query.get("token")
            if given is not None:
                if not hmac.compare_digest(given.encode(), self.token.encode()):
                    await self.refusal(403, "token", scope)(scope, receive, send)
                    return
                await _redirect_with_cookie(scope, send, self.token, query)
                return
            if not hmac.compare_digest(_cookie(headers.get("cookie", "")).encode(), self.token.encode()):
                await self.refusal(403, "token", scope)(scope, receive, send)
                return
        if scope["method"] not in ("GET", "HEAD") and headers.get(HEADER) != "1":
            await self.refusal(403, "header", scope)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _cookie(header: str) -> str:
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE:
            return value
    return ""


async def _redirect_with_cookie(scope: Scope, send: Send, token: str, query: dict[str, str]) -> None:
    """The same address without the token, with the cookie that stands for it from now on."""
    rest = {key: value for key, value in query.items() if key != "token"}
    location = scope.get("path", "/") + (f"?{urlencode(rest)}" if rest else "")
    await send({"type": "http.response.start", "status": 303, "headers": [
        (b"location", location.encode("utf-8")),
        (b"set-cookie", f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict".encode()),
        (b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})
