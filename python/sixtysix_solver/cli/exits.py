"""How every ``sixtysix`` command ends: its exit status, and one line on standard error when it
fails (never a traceback). :class:`CommandGroup` is the click group behind the Typer app; it
turns usage errors, unreadable files and anything unexpected into that one line.

| status | meaning |
|---|---|
| 0 | done |
| 1 | an internal error (a bug: please report it), or standard output was closed |
| 2 | bad input: a usage error, a bad option value, an unreadable or invalid file or text |
| 130 | interrupted (Ctrl-C) |
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

__all__ = [
    "EXIT_INPUT", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_OK", "CommandGroup", "error_line",
    "os_error_text",
]

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INPUT = 2
EXIT_INTERRUPTED = 130
PROG = "sixtysix"


def error_line(message: str) -> None:
    """``sixtysix: error: <message>`` on standard error, always as one line."""
    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    typer.echo(f"{PROG}: error: {text}", err=True)


def os_error_text(err: OSError, path: object = None) -> str:
    """An operating system error as a short sentence naming the file."""
    name = path if path is not None else err.filename
    what = err.strerror or type(err).__name__
    return f"{name}: {what}" if name is not None else what


class CommandGroup(TyperGroup):
    """The ``sixtysix`` group: runs a command and maps every way it can fail to an exit status
    and one line on standard error."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for command in self.commands.values():
            # Typer's command list keeps a docstring's line breaks, which the panel then wraps
            # again: each summary goes in as one line of text.
            if command.short_help is None and command.help:
                command.short_help = summary(command.help)

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except typer.Abort:
            error_line("aborted")
            sys.exit(EXIT_INTERNAL)
        except Exception as err:  # noqa: BLE001 - every failure ends as one line
            sys.exit(_report(err))
        sys.exit(rv if isinstance(rv, int) else EXIT_OK)


def summary(help_text: str) -> str:
    """A command's first paragraph as one line (its help's line breaks are wrapping only).

    >>> summary("Does closing win?\\n  Closing now against going on.\\n\\nMore.")
    'Does closing win? Closing now against going on.'
    """
    first = re.split(r"\n\s*\n", help_text.strip(), maxsplit=1)[0]
    return " ".join(first.split())


def _report(err: Exception) -> int:
    """One line for a failure; its exit status."""
    format_message = getattr(err, "format_message", None)
    if callable(format_message) and hasattr(err, "exit_code"):
        # click's exceptions (Typer may bundle its own click): usage errors and bad values
        ctx = getattr(err, "ctx", None)
        path = getattr(ctx, "command_path", "") or ""
        hint = f" (see '{PROG}{path[path.find(' '):] if ' ' in path else ''} --help')"
        error_line(str(format_message()) + (hint if ctx is not None else ""))
        code = getattr(err, "exit_code")
        return code if isinstance(code, int) else EXIT_INPUT
    if isinstance(err, UnicodeDecodeError):
        error_line("the input is not UTF-8 text")
        return EXIT_INPUT
    if isinstance(err, OSError):
        if err.errno == errno.EPIPE:  # the reader of our output went away: stay silent
            _silence_stdout()
            return EXIT_INTERNAL
        error_line(os_error_text(err))
        return EXIT_INPUT
    error_line(f"internal error ({type(err).__name__}: {err}); please report it")
    return EXIT_INTERNAL


def _silence_stdout() -> None:
    """After a broken pipe: send what is left of standard output nowhere (no second error
    when Python flushes it at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
