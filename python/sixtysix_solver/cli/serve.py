"""``sixtysix serve``: the analysis board in the browser (``docs/serve.md``)."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import app, fail


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (local only by "
                                      "default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8066,
    no_browser: Annotated[bool, typer.Option("--no-browser",
                                             help="Do not open the browser.")] = False,
    max_searches: Annotated[int, typer.Option("--max-searches", min=1, max=64,
                                              help="Searches at once.")] = 2,
    max_seconds: Annotated[float, typer.Option("--max-seconds", min=0.1, max=3600,
                                               help="Time cap of one search.")] = 30.0,
) -> None:
    """Start the analysis board: a local web app (set up a hand by clicking, analyse, ask
    whether closing wins, play the engine, review a record, solve open cards)."""
    from ..serve import MISSING_EXTRA, available, serve

    if not available():
        raise fail(MISSING_EXTRA)
    try:
        serve(host, port, open_browser=not no_browser, max_searches=max_searches,
              max_seconds=max_seconds)
    except OSError as err:
        raise fail(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    except KeyboardInterrupt:
        pass
