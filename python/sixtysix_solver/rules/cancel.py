"""Stopping a long solve: :class:`CancelToken`, set from another thread, and Ctrl-C.

A cancelled call returns what a limit would: the bounds proven so far (see
:mod:`sixtysix_solver.rules.solve`). Ctrl-C reaches a call made from the main thread: the
call stops within moments and the signal goes on to Python (``KeyboardInterrupt``).
"""

from __future__ import annotations

import threading

from .. import _core


class CancelToken:
    """A flag that stops the calls given it (``Solver.solve``, ``solve_many``, world pools)
    from any thread. It stays set until :meth:`reset`: a call given a set token stops at once.

    >>> t = CancelToken()
    >>> t.cancelled, (t.cancel(), t.cancelled)[1], (t.reset(), t.cancelled)[1]
    (False, True, False)
    """

    def __init__(self) -> None:
        self._token = _core.CancelToken()

    def cancel(self) -> None:
        self._token.cancel()

    def reset(self) -> None:
        self._token.reset()

    @property
    def cancelled(self) -> bool:
        return bool(self._token.cancelled)

    @property
    def core(self) -> _core.CancelToken:
        """The core's flag, for the calls into ``_core``."""
        return self._token


def interruptible() -> bool:
    """Can Ctrl-C reach a call made now? Only in the main thread (where Python raises
    ``KeyboardInterrupt``): the core then catches SIGINT for the call's duration."""
    return threading.current_thread() is threading.main_thread()
