"""Shared test setup: make ``tests/`` importable so tests can use the reference package, and
under CI (``CI`` set) run the hypothesis tests on derandomized examples, so that a run on
main gives the same result every time (locally they keep drawing fresh examples)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# pytest-xdist's workers start with COLUMNS=80 in their environment, which would make the CLI
# wrap its tables as in a terminal that narrow; the tests read the unwrapped (piped) output.
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.pop("COLUMNS", None)

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
