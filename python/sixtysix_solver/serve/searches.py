"""Searches off the event loop, bounded in number and time, stopped when nobody listens.

A :class:`Search` runs one function in a worker thread (the compiled core releases the GIL
while it solves, so threads search in parallel and the server keeps answering). The function
gets the search and reports with :meth:`Search.report`; ``stop`` (an event for the advice
functions) and ``cancel`` (a :class:`CancelToken` for the solver) are set by the stop
endpoint, by a disconnected client, or by the time cap. :class:`Searches` refuses a search
beyond its cap (``BusyError``: HTTP 429) instead of queueing it.

:class:`EventStream` sends a search's reports as server-sent events (``text/event-stream``):
``event: start`` with the search's id, any number of ``event: progress``, then ``event: done``
(the result) or ``event: error`` (``{"error": message}``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from ..errors import SixtySixError
from ..rules.cancel import CancelToken

__all__ = ["BusyError", "EventStream", "Search", "Searches", "result_of"]

log = logging.getLogger("sixtysix_solver.serve")


class BusyError(SixtySixError):
    """Every search slot is taken (HTTP 429)."""


class Search:
    """One search in a worker thread; its reports go to an asyncio queue."""

    def __init__(self, owner: Searches, ident: str, seconds: float,
                 loop: asyncio.AbstractEventLoop) -> None:
        self.owner = owner
        self.id = ident
        self.seconds = seconds
        self.stop = threading.Event()
        self.cancel = CancelToken()
        self.stopped_by: str | None = None  # "request", "disconnect" or "time cap"
        self.queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._loop = loop
        self.done = threading.Event()

    def halt(self, why: str) -> None:
        """Ask the search to stop (the figures so far become the result)."""
        if not self.stop.is_set():
            self.stopped_by = why
        self.stop.set()
        self.cancel.cancel()

    def report(self, event: str, data: Any) -> None:
        """Send an event (from the worker thread)."""
        try:
            self._loop.call_soon_threadsafe(self.queue.put_nowait, (event, data))
        except RuntimeError:  # the event loop has closed (the server stopped): nobody listens
            pass


class Searches:
    """At most ``max_searches`` searches at a time, each stopped after ``max_seconds``."""

    def __init__(self, max_searches: int = 2, max_seconds: float = 30.0) -> None:
        if max_searches < 1 or not max_seconds > 0:
            raise SixtySixError("a server needs at least one search slot and a positive time cap")
        self.max_searches = max_searches
        self.max_seconds = max_seconds
        self._pool = ThreadPoolExecutor(max_searches, thread_name_prefix="sixtysix-search")
        self._lock = threading.Lock()
        self._running: dict[str, Search] = {}
        self._ids = itertools.count(1)
        self.finished: list[dict[str, Any]] = []  # the latest searches: id, stopped_by

    @property
    def running(self) -> int:
        with self._lock:
            return len(self._running)

    def get(self, ident: str) -> Search | None:
        with self._lock:
            return self._running.get(ident)

    def start(self, work: Callable[[Search], Any], seconds: float | None = None) -> Search:
        """Run ``work(search)`` in a worker; its return value is sent as ``done``, a package
        error as ``error``."""
        cap = self.max_seconds if seconds is None else min(seconds, self.max_seconds)
        loop = asyncio.get_running_loop()
        with self._lock:
            if len(self._running) >= self.max_searches:
                raise BusyError(f"busy: {len(self._running)} searches are running (the most "
                                f"this server runs at once); try again when one ends")
            search = Search(self, f"s{next(self._ids)}", cap, loop)
            self._running[search.id] = search
        timer = threading.Timer(cap, search.halt, ("time cap",))
        timer.daemon = True

        def run() -> None:
            timer.start()
            try:
                final: tuple[str, Any] = ("done", work(search))
            except SixtySixError as err:
                final = ("error", {"error": str(err)})
            except Exception:  # a bug: logged here, one line to the client
                log.exception("search %s failed", search.id)
                final = ("error", {"error": "internal error (see the server's log)"})
            timer.cancel()
            # The slot is free before the answer goes out: a client may start the next one.
            with self._lock:
                self._running.pop(search.id, None)
                self.finished = (self.finished + [
                    {"id": search.id, "stopped_by": search.stopped_by}])[-20:]
            search.done.set()
            search.report(*final)

        self._pool.submit(run)
        return search

    def shutdown(self) -> None:
        with self._lock:
            running = list(self._running.values())
        for s in running:
            s.halt("shutdown")
        self._pool.shutdown(wait=True)


def _event(name: str, data: Any) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


class EventStream(Response):
    """A search's reports as server-sent events; the search is halted when the client goes
    away (listened for whatever the server's ASGI version) or the stream ends otherwise."""

    media_type = "text/event-stream"

    def __init__(self, search: Search) -> None:
        # No Content-Length: the body is sent in pieces until the search ends.
        self.status_code = 200
        self.background = None
        self.raw_headers = [(b"content-type", b"text/event-stream; charset=utf-8"),
                            (b"cache-control", b"no-store"), (b"x-accel-buffering", b"no")]
        self.search = search

    async def _send_events(self, send: Send) -> None:
        await send({"type": "http.response.body", "body": _event("start", {
            "id": self.search.id, "seconds": self.search.seconds}), "more_body": True})
        while True:
            name, data = await self.search.queue.get()
            final = name in ("done", "error")
            await send({"type": "http.response.body", "body": _event(name, data),
                        "more_body": not final})
            if final:
                return

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": self.status_code,
                    "headers": self.raw_headers})
        disconnected = False
        try:
            async with anyio.create_task_group() as tg:
                async def stream() -> None:
                    await self._send_events(send)
                    tg.cancel_scope.cancel()

                async def listen() -> None:
                    nonlocal disconnected
                    while True:
                        message = await receive()
                        if message["type"] == "http.disconnect":
                            disconnected = True
                            tg.cancel_scope.cancel()
                            return

                tg.start_soon(stream)
                tg.start_soon(listen)
        except OSError:  # the client went away while we were writing
            disconnected = True
        finally:
            if not self.search.done.is_set():
                self.search.halt("disconnect" if disconnected else "stream closed")


async def result_of(request: Request, search: Search) -> tuple[str, Any]:
    """Wait for a search's result (``("done", data)`` or ``("error", data)``), halting it if
    the client disconnects first; progress reports are dropped."""
    waiter: Awaitable[tuple[str, Any]]
    while True:
        waiter = search.queue.get()
        try:
            name, data = await asyncio.wait_for(waiter, timeout=0.25)
        except asyncio.TimeoutError:
            if await request.is_disconnected():
                search.halt("disconnect")
                return "error", {"error": "the client went away"}
            continue
        if name in ("done", "error"):
            return name, data
