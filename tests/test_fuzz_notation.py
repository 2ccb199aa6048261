"""The notation fuzz of the sanitizer job (scripts/fuzz_notation.py): a short seeded run finds
nothing and reaches past the parsers' first checks, and an exception other than the package's
error is reported as a finding."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "fuzz_notation.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_notation", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_short_run_finds_nothing_and_accepts_some_inputs() -> None:
    out = io.StringIO()
    assert load().run(600, seed=5, out=out) == []
    text = out.getvalue()
    assert "600 inputs, seed 5, 0 findings" in text
    for kind in ("position", "position_json", "record", "record_json", "match_record", "view"):
        m = re.search(rf"{kind} +(\d+) accepted +(\d+) rejected", text)
        assert m is not None, text
        assert int(m[1]) > 0 and int(m[2]) > 0, text  # valid odd inputs and clean rejections


def test_an_unexpected_exception_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    fuzz = load()

    def broken(text: str) -> None:
        raise KeyError("oops")

    monkeypatch.setattr(fuzz, "parsers", lambda seed: {k: broken for k in (
        "position", "position_json", "record", "record_json", "match_record", "view")})
    findings = fuzz.run(12, seed=1, out=io.StringIO())
    assert len(findings) == 12
    assert all("KeyError" in f and "oops" in f for f in findings)
