"""``sixtysix serve``: the analysis board in the browser, a small ASGI app (Starlette, served
by uvicorn) over a documented JSON API (``docs/serve.md``). Needs the ``serve`` extra
(``pip install "sixtysix_solver[serve]"``).

The layer sits beside ``cli`` (the command imports it when run) and nothing below imports it.
"""

from __future__ import annotations

__all__ = ["MISSING_EXTRA", "available", "serve"]

MISSING_EXTRA = ('sixtysix serve needs the web extra: pip install "sixtysix_solver[serve]" '
                 "(starlette and uvicorn)")


def available() -> bool:
    """Whether the web extra (starlette, uvicorn) is installed."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("starlette", "uvicorn"))


def serve(host: str = "127.0.0.1", port: int = 8066, *, open_browser: bool = True,
          max_searches: int = 2, max_seconds: float = 30.0) -> None:
    """Run the web app until Ctrl-C; open the page in the default browser once it listens."""
    import threading
    import webbrowser

    import uvicorn

    from .app import create_app

    import socket

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, port))  # a busy port fails here, in one line, not in uvicorn's log
    app = create_app(max_searches=max_searches, max_seconds=max_seconds)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    server = uvicorn.Server(config)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/"

    def announce() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            print(f"sixtysix serve: the board is at {url} (Ctrl-C stops it)", flush=True)
            if open_browser:
                webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    server.run()
