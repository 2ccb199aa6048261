"""``sixtysix engine``: the engine protocol on standard input and output (``docs/protocol.md``)
for front-ends that embed the advice engine."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Annotated

import typer

from .common import app, fail


@app.command("engine")
def engine_cmd(
    record_dir: Annotated[Path | None, typer.Option(
        "--record-dir", help="The directory the recordfile option may write game records in "
        "(default: none, record files are refused).")] = None,
) -> None:
    """Speak the engine protocol (docs/protocol.md) on standard input and output: newhand,
    played, drew, go, stop, ... one command per line."""
    from ..protocol.stdio import run_stdio

    if record_dir is not None and not record_dir.is_dir():
        raise fail(f"--record-dir {record_dir}: not a directory")
    code = run_stdio(record_dir=record_dir)
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    if any(t.name == "sixtysix-search" and t.is_alive() for t in threading.enumerate()):
        # A search thread may be inside the compiled solver: do not wait for it to finish.
        os._exit(code)
    raise typer.Exit(code)
