"""Smoke test of an installed sixtysix_solver: a wheel in a fresh environment, with only the
package's own dependencies (no test extras, no compiler). Run by cibuildwheel after each wheel
(pyproject.toml) and by scripts/build-wheel:

    python tests/smoke.py

It imports the package and its C++ core, deals, plays and solves a hand, and runs the command
line (``sixtysix --help`` and the README's first example); any failure exits non-zero.
"""

from __future__ import annotations

import os
import subprocess
import sysconfig


def sixtysix(*args: str) -> str:
    """Run the installed ``sixtysix`` command; its output (it must exit 0)."""
    scripts = sysconfig.get_path("scripts")
    exe = os.path.join(scripts, "sixtysix.exe" if os.name == "nt" else "sixtysix")
    # UTF-8 through the pipe, as in a terminal (a Windows pipe would otherwise be cp1252).
    env = dict(os.environ, PYTHONUTF8="1", PYTHONIOENCODING="utf-8")
    done = subprocess.run([exe, *args], capture_output=True, encoding="utf-8", env=env,
                          timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"sixtysix {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


def main() -> None:
    import sixtysix_solver
    from sixtysix_solver import Game, format_position, parse_position, solve
    from sixtysix_solver.rules.profiles import profile_names

    print(f"sixtysix_solver {sixtysix_solver.__version__} from {os.path.dirname(sixtysix_solver.__file__)}")
    assert "schnapsen" in profile_names()
    g = Game.deal("schnapsen", seed=3)
    assert parse_position(format_position(g)) is not None
    r = solve(g)  # a whole Schnapsen deal, exactly: a few milliseconds
    assert r.exact and r.best, r
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    assert solve(g).exact
    print(f"solve: value {r.value} of the dealt hand, best {[str(a) for a in r.best]}, {r.nodes} nodes")

    assert "recommend" in sixtysix("--help")
    out = sixtysix("recommend", "--deal", "3", "--profile", "schnapsen", "--moves", "4")
    assert "seat 1 to act" in out and "EV" in out, out
    print(out.splitlines()[1])
    print("smoke test passed")


if __name__ == "__main__":
    main()
