"""The package's walls (docs/architecture.md): imports only downward between the layers, no
import cycle anywhere, no private name used outside its module, and a command line that does
not load the search layers to print its help."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "sixtysix_solver"


def test_layer_contracts_are_kept() -> None:
    # The contracts live in pyproject.toml ([tool.importlinter]).
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


def _cycle(graph: grimp.ImportGraph, modules: set[str]) -> list[str] | None:
    """One import cycle among ``modules`` (the package facade left out), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.find_modules_directly_imported_by(m) & modules):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(modules):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_no_import_cycles_even_for_type_checkers() -> None:
    graph = grimp.build_graph("sixtysix_solver", exclude_type_checking_imports=False, cache_dir=None)
    modules = {m for m in graph.modules if m != "sixtysix_solver"}
    assert _cycle(graph, modules) is None


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for m in ("p.a", "p.b", "p.c"):
        graph.add_module(m)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    assert _cycle(graph, {"p.a", "p.b", "p.c"}) is None
    graph.add_import(importer="p.c", imported="p.a")
    assert _cycle(graph, {"p.a", "p.b", "p.c"}) == ["p.a", "p.b", "p.c", "p.a"]


def _private_imports(path: Path, base: Path = PACKAGE) -> list[str]:
    """``from x import _name`` inside the package (the compiled ``_core`` is the one allowed)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(base)}:{node.lineno} imports {a.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and (node.level or (node.module or "").startswith("sixtysix_solver"))
        for a in node.names
        if a.name.startswith("_") and not a.name.startswith("__") and a.name != "_core"
    ]


def test_no_private_name_is_imported_across_modules() -> None:
    bad = [b for p in sorted(PACKAGE.rglob("*.py")) for b in _private_imports(p)]
    assert bad == []


def test_the_private_import_check_sees_one(tmp_path: Path) -> None:
    f = tmp_path / "probe.py"
    f.write_text("from .view import _secret, public\nfrom .. import _core\n", encoding="utf-8")
    assert _private_imports(f, tmp_path) == ["probe.py:1 imports _secret"]


@pytest.mark.parametrize("argv", [["--help"], ["version"]])
def test_the_command_line_starts_without_the_search_layers(argv: list[str]) -> None:
    # What `sixtysix --help` and `sixtysix version` load: not numpy, not the compiled core, not
    # the advice engine
    # (they import where used), so they answer at once on any machine.
    code = (
        "import sys\n"
        "from sixtysix_solver.cli.main import main\n"
        f"sys.argv = ['sixtysix'] + {argv!r}\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = sorted(m for m in sys.modules if m in ('numpy', 'sixtysix_solver._core') "
        "or m.startswith(('sixtysix_solver.advice', 'sixtysix_solver.knowledge', "
        "'sixtysix_solver.play', 'sixtysix_solver.protocol', 'sixtysix_solver.rules.game')))\n"
        "print('HEAVY', heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "HEAVY []" in out.stdout, out.stdout[-2000:]
