"""``python -m sixtysix_solver ...``: the ``sixtysix`` command."""

from .cli import main

main()
