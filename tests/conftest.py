"""Shared test setup: make ``tests/`` importable so tests can use the reference package."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
