"""The ``sixtysix`` entry point: every command module adds its commands to the shared app.

The command modules import the heavy layers (numpy, the advice engine) inside their commands,
so that ``sixtysix --help`` and ``sixtysix version`` answer at once."""

from __future__ import annotations

from . import advice, arena, engine, play, rules, serve, solve  # noqa: F401  (they register commands)
from .common import app

__all__ = ["main"]


def main() -> None:
    app()


if __name__ == "__main__":
    main()
