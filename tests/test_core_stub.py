"""The compiled core's stub (python/sixtysix_solver/_core.pyi) stays true to the binding: it is
what pybind11-stubgen generates from the built module (its leading comment aside), and
mypy.stubtest finds nothing in it that the module lacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STUB = ROOT / "python" / "sixtysix_solver" / "_core.pyi"

# What stubtest always reports for a pybind11 module: its classes' metaclass, a class without
# a constructor, and the __all__ that the generator writes.
ALLOWLIST = """\
sixtysix_solver\\._core\\.(CancelToken|ClubPasts|Horizon|HorizonPool|RuleSet|Solver|State|WorldPool)
sixtysix_solver\\._core\\.State\\.__init__
sixtysix_solver\\._core\\.__all__
"""


def _without_leading_comment(text: str) -> str:
    lines = text.splitlines()
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return "\n".join(lines).strip() + "\n"


def test_the_stub_is_what_the_generator_writes(tmp_path: Path) -> None:
    pytest.importorskip("pybind11_stubgen")
    subprocess.run(
        [sys.executable, "-m", "pybind11_stubgen", "sixtysix_solver._core", "-o", str(tmp_path)],
        check=True, capture_output=True, text=True,
    )
    generated = (tmp_path / "sixtysix_solver" / "_core.pyi").read_text(encoding="utf-8")
    assert _without_leading_comment(STUB.read_text(encoding="utf-8")) == (
        _without_leading_comment(generated)
    ), "the binding changed: regenerate the stub (see the comment atop _core.pyi)"


def test_stubtest_finds_the_stub_true(tmp_path: Path) -> None:
    allow = tmp_path / "allowlist.txt"
    allow.write_text(ALLOWLIST, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "sixtysix_solver._core", "--allowlist", str(allow),
         "--mypy-config-file", str(ROOT / "pyproject.toml")],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
