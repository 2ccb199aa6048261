"""``sixtysix engine``: the engine protocol on standard input and output (``docs/protocol.md``)
for front-ends that embed the advice engine."""

from __future__ import annotations

import os
import sys
import threading

import typer

from .common import app


@app.command("engine")
def engine_cmd() -> None:
    """Speak the engine protocol (docs/protocol.md) on standard input and output: newhand,
    played, drew, go, stop, ... one command per line."""
    from ..protocol.stdio import run_stdio

    code = run_stdio()
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    if any(t.name == "sixtysix-search" and t.is_alive() for t in threading.enumerate()):
        # A search thread may be inside the compiled solver: do not wait for it to finish.
        os._exit(code)
    raise typer.Exit(code)
