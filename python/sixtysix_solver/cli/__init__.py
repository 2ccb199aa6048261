"""The ``sixtysix`` command line: one module per group of commands on one Typer app."""
