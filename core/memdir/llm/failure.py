"""Why a model call failed, in a few words a person can act on (trial 23 #12).

`failure_cause` turns a provider exception into a short clause for the run's one line and `status`:
`connection refused at 127.0.0.1:9`, `401 from the provider: check the key`, `timed out after 20 s`,
`127.0.0.1:8080 answered, not with JSON: check api_base` (a 200 with a web page: not "a 500").
It names a server (host and port, never a path, user or query) and the variable a key is read from,
never a key or the provider's full message (that stays in the run's `errors`).
"""

from __future__ import annotations

import json
import re
import socket
from urllib.parse import urlsplit

_KEY_VAR = re.compile(r"`?\b([A-Z][A-Z0-9_]*_(?:API_KEY|TOKEN))\b`?")
# a 2xx answer that is no JSON (a web page, a proxy's login): litellm wraps it as a 500 (re-check N6)
_NOT_JSON = re.compile(r"invalid response from|<APIResponse \[2\d\d", re.I)
_STATUS_HINTS = {
    401: "check the key",
    403: "check the key and its permissions",
    404: "check the model name and api_base",
    413: "the request is too large",
    429: "rate limited",  # the run's line says the next run tries again (re-check N6: it said it twice)
}


def server(api_base: str | None) -> str:
    """`host:port` of api_base (the scheme's default port when none is given); "" when unset or unparsable."""
    if not api_base:
        return ""
    try:
        parts = urlsplit(api_base if "://" in api_base else f"http://{api_base}")
        host, port = parts.hostname, parts.port
    except ValueError:
        return ""
    if not host:
        return ""
    port = port or (443 if parts.scheme == "https" else 80)
    return f"{host}:{port}"


def _chain(exc: BaseException) -> list[BaseException]:
    """exc and the exceptions it was raised from or while handling (litellm wraps httpx wraps OSError)."""
    out: list[BaseException] = []
    seen: BaseException | None = exc
    while seen is not None and seen not in out and len(out) < 12:
        out.append(seen)
        seen = seen.__cause__ or seen.__context__
    return out


def failure_cause(exc: BaseException, api_base: str | None, timeout: float) -> str:
    """A short, secret-free clause naming why the call failed (see the module doc)."""
    chain = _chain(exc)
    name = type(exc).__name__
    text = str(exc)
    low = text.lower()
    where = server(api_base)
    at = f" at {where}" if where else ""
    status = getattr(exc, "status_code", None)
    if any(isinstance(e, ConnectionRefusedError) for e in chain):
        return f"connection refused{at}"
    if any(isinstance(e, socket.gaierror) for e in chain):
        return f"unknown host{at}" if where else "unknown host"
    if "Timeout" in name or "timed out" in low or any(isinstance(e, TimeoutError) for e in chain):
        return f"timed out after {timeout:g} s{at}"
    if "missing credentials" in low or ("api_key" in low and "pass" in low):
        var = _KEY_VAR.search(text)
        return f"no API key: set {var.group(1)}" if var else "no API key for the provider"
    if "refused" in low:
        return f"connection refused{at}"
    if "APIConnectionError" in name or "connection error" in low or "connecterror" in low:
        return f"could not connect to {where or 'the provider'}"
    if any(isinstance(e, json.JSONDecodeError) for e in chain) or _NOT_JSON.search(text):
        return f"{where or 'the server'} answered, not with JSON: check api_base"
    if "AuthenticationError" in name:
        status = status if status in (401, 403) else 401
    if isinstance(status, int) and 400 <= status < 600 and status != 500:
        hint = _STATUS_HINTS.get(status)
        return f"{status} from the provider" + (f": {hint}" if hint else "")
    if isinstance(status, int) and status == 500:
        return "500 from the provider (a server error)"
    return name


def retry_helps(cause: str) -> bool:
    """False for a cause only a person can change (no key, an api_base that serves no JSON): not retried."""
    return not (cause.startswith("no API key") or "not with JSON" in cause)
