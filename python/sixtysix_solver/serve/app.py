"""The ASGI app: one page (``static/``) and the JSON API it talks to (``docs/serve.md``).

Every error is JSON (``{"error": message}``): the package's errors (bad notation, impossible
positions, illegal actions, bad fields) are 400 with the engine's message, an unknown match
404, a full server 429, an unknown route 404 and a wrong method 405.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .._version import __version__
from ..errors import SixtySixError
from ..knowledge.view import View, format_view
from ..knowledge.legal import legal_actions
from ..notation.position import format_position, parse_position
from ..notation.record import parse_match_record
from ..rules.cards import Card
from ..rules.game import Game
from ..rules.profiles import PROFILES
from ..rules.svg import SUIT_STYLES, card_name, card_svg
from .analysis import Budget, analyse, closing, solve_open
from .boards import game_board, view_board
from .matches import Match, Matches, check_action_text
from .reviews import LABELS, review
from .searches import BusyError, EventStream, Search, Searches, result_of
from .setup import RequestError, Setup, get_int, get_str, parse_input

__all__ = ["create_app"]

log = logging.getLogger("sixtysix_solver.serve")
Handler = Callable[[Request], Awaitable[Response]]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _guard(handler: Handler) -> Handler:
    """Package errors as 400 (429 when busy, 404 for an unknown match); anything else is
    logged and answered 500 with one line, never a traceback."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except BusyError as err:
            return _error(429, str(err))
        except LookupError as err:
            return _error(404, str(err.args[0]) if err.args else "not found")
        except SixtySixError as err:
            return _error(400, str(err))
        except HTTPException:
            raise
        except Exception:
            log.exception("%s %s failed", request.method, request.url.path)
            return _error(500, "internal error (see the server's log)")
    wrapped.__doc__ = handler.__doc__
    return wrapped


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise RequestError("the request body must be a JSON object") from None
    if not isinstance(data, dict):
        raise RequestError("the request body must be a JSON object")
    return data


def _view_of(data: dict[str, Any]) -> View:
    """The view a request names: ``view`` (view or position notation, or a record whose last
    hand is in play) or ``setup`` (a clicked set-up)."""
    if "setup" in data:
        setup = data["setup"]
        if not isinstance(setup, dict):
            raise RequestError("setup must be an object (see POST /api/setup)")
        return Setup.from_json(setup).view()
    parsed = parse_input(get_str(data, "view"))
    if parsed.view is None:
        raise RequestError("the hand is over: there is no decision to analyse")
    return parsed.view


def _view_json(view: View) -> dict[str, Any]:
    legal = legal_actions(view) if view.to_act == view.seat else []
    return {"view": format_view(view), "board": view_board(view),
            "legal": [str(a) for a in legal]}


def create_app(*, max_searches: int = 2, max_seconds: float = 30.0,
               review_seconds: float = 300.0) -> Starlette:
    """The web app. ``max_searches``: searches at once (more are refused with 429);
    ``max_seconds``: the cap of one search (analysis, closing, solve); ``review_seconds``:
    the cap of one review (each decision is capped by the request's ``time_limit``)."""
    searches = Searches(max_searches, max_seconds)
    reviews = Searches(1, review_seconds)
    matches = Matches()
    static = resources.files("sixtysix_solver.serve") / "static"

    async def index(request: Request) -> Response:
        return FileResponse(str(static / "index.html"))

    async def api_index(request: Request) -> Response:
        """This list: every endpoint and what it does."""
        return JSONResponse({"version": __version__, "docs": "docs/serve.md", "endpoints": [
            {"methods": sorted(r.methods or []), "path": r.path,
             "summary": " ".join((r.endpoint.__doc__ or "").split())}
            for r in routes if isinstance(r, Route) and r.path.startswith("/api")]})

    async def status(request: Request) -> Response:
        """The server: version, searches running and the caps, matches kept."""
        return JSONResponse({
            "version": __version__, "searches": searches.running,
            "max_searches": searches.max_searches, "max_seconds": searches.max_seconds,
            "reviews": reviews.running, "matches": len(matches),
            "finished": searches.finished + reviews.finished})

    async def profiles(request: Request) -> Response:
        """Every profile: players, deck, hand and stock sizes, targets, description."""
        out = []
        for name, p in PROFILES.items():
            ranks = "ATKQJ987"[:{"9": 6, "J": 5, "7": 8}[p.low_rank]]
            out.append({
                "name": name, "description": p.description, "players": p.players,
                "sides": p.sides, "hand_size": p.hand_size, "stock_size": p.stock_size,
                "deck": [r + s for s in "CDHS" for r in ranks], "copies": p.copies,
                "target": p.target, "match_target": p.match_target})
        return JSONResponse({"profiles": out, "suits": list(SUIT_STYLES),
                             "labels": [{"label": n, "p_win_drop": d} for n, d in LABELS]})

    async def card(request: Request) -> Response:
        """One card as SVG (``back`` face down); ?suits=french|german|hungarian, ?width=."""
        text = request.path_params["card"]
        suits = request.query_params.get("suits", "french")
        try:
            width = float(request.query_params.get("width", "60"))
        except ValueError:
            raise RequestError("width must be a number of pixels") from None
        svg = card_svg(None if text.lower() == "back" else Card.parse(text), suits=suits,
                       width=width)
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    async def card_names(request: Request) -> Response:
        """Every card's name in the chosen suits (?suits=)."""
        suits = request.query_params.get("suits", "french")
        return JSONResponse({"suits": suits, "names": {
            str(Card(r, s)): card_name(Card(r, s), suits) for s in range(4) for r in range(8)}})

    async def setup(request: Request) -> Response:
        """A hand set up by clicking: the view it makes, its board and the legal actions."""
        return JSONResponse(_view_json(Setup.from_json(await _body(request)).view()))

    async def parse(request: Request) -> Response:
        """Pasted text (a view, a position or a game record) read and checked."""
        parsed = parse_input(get_str(await _body(request), "text"))
        out: dict[str, Any] = {"kind": parsed.kind}
        if parsed.view is not None:
            out.update(_view_json(parsed.view))
        if parsed.games:
            out["position"] = format_position(parsed.games[-1])
            out["open_board"] = game_board(parsed.games[-1])
        if parsed.kind == "record":
            out["hands"] = len(parsed.games)
            out["actions"] = [[str(a) for a in g.actions] for g in parsed.games]
        return JSONResponse(out)

    def _search_request(data: dict[str, Any], default_worlds: int,
                        default_seconds: float) -> tuple[View, Budget]:
        return _view_of(data), Budget.from_json(data, searches.max_seconds, default_worlds,
                                                default_seconds)

    async def _answer(request: Request, search: Search) -> Response:
        name, data = await result_of(request, search)
        return JSONResponse(data, status_code=200 if name == "done" else 400)

    async def analyse_json(request: Request) -> Response:
        """Every legal action's figures for the player to act (the final result)."""
        view, budget = _search_request(await _body(request), 1000, 10.0)
        return await _answer(request, searches.start(lambda s: analyse(s, view, budget),
                                                     budget.seconds + 5))

    async def analyse_stream(request: Request) -> Response:
        """The same, as server-sent events: start, progress after every batch, done."""
        view, budget = _search_request(await _body(request), 1000, 10.0)
        return EventStream(searches.start(lambda s: analyse(s, view, budget), budget.seconds + 5))

    async def close_json(request: Request) -> Response:
        """Does closing win? Closing now (and after drawing) against going on, with a verdict."""
        view, budget = _search_request(await _body(request), 200, 10.0)
        return await _answer(request, searches.start(lambda s: closing(s, view, budget)))

    async def close_stream(request: Request) -> Response:
        """The same, as server-sent events."""
        view, budget = _search_request(await _body(request), 200, 10.0)
        return EventStream(searches.start(lambda s: closing(s, view, budget)))

    async def solve(request: Request) -> Response:
        """The open-card solver: every legal action's exact value, the value and the best
        line, for a position (``position``) or a seeded deal (``profile``, ``seed``), after
        the actions ``moves``."""
        data = await _body(request)
        if "position" in data:
            game = parse_position(get_str(data, "position"))
        else:
            game = Game.deal(get_str(data, "profile", "schnapsen"),
                             seed=get_int(data, "seed", 0, 0, 2**64 - 1))
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RequestError("moves must be a list of actions, like [\"AH\", \"close\"]")
        for m in moves:
            game.apply(m)
        seconds = Budget.from_json(data, searches.max_seconds, seconds=10.0).seconds
        return await _answer(request, searches.start(lambda s: solve_open(s, game, seconds)))

    async def stop(request: Request) -> Response:
        """Stop a running search (its figures so far become its result)."""
        ident = request.path_params["id"]
        search = searches.get(ident) or reviews.get(ident)
        if search is None:
            raise LookupError(f"no running search {ident!r} (it may have finished)")
        search.halt("request")
        return JSONResponse({"id": ident, "stopping": True})

    async def play_new(request: Request) -> Response:
        """A new match against the engine; the engine plays until it is your turn."""
        data = await _body(request)
        m = Match.new(get_str(data, "profile", "schnapsen"), get_int(data, "level", 2, 1, 5),
                      get_int(data, "seat", 0, 0, 3), get_int(data, "seed", 0, 0, 2**63 - 1))
        await _engine(m)
        return JSONResponse(matches.add(m).state())

    async def _engine(m: Match) -> None:
        await anyio.to_thread.run_sync(_locked(m, m.engine_turns))

    def _locked(m: Match, fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            with m.lock:
                fn()
        return run

    async def play_state(request: Request) -> Response:
        """A match's state: your board, legal actions, the hand's actions, the match score."""
        return JSONResponse(matches.get(request.path_params["id"]).state())

    async def play_act(request: Request) -> Response:
        """Your action; then the engine plays until it is your turn again or the hand ends."""
        m = matches.get(request.path_params["id"])
        action = check_action_text((await _body(request)).get("action"))
        await anyio.to_thread.run_sync(_locked(m, lambda: m.act(action)))
        await _engine(m)
        return JSONResponse(m.state())

    async def play_next(request: Request) -> Response:
        """Deal the match's next hand (after a finished hand)."""
        m = matches.get(request.path_params["id"])
        await anyio.to_thread.run_sync(_locked(m, m.next_hand))
        await _engine(m)
        return JSONResponse(m.state())

    async def play_hint(request: Request) -> Response:
        """The engine's advice for your decision (its figures for every action)."""
        m = matches.get(request.path_params["id"])
        if not m.state()["your_turn"]:
            raise RequestError("it is not your turn")
        worlds, seconds = m.hint_limits()
        view = View.from_game(m.game, m.seat)
        budget = Budget(worlds, seconds, m.seed + len(m.game.actions))
        return await _answer(request, searches.start(lambda s: analyse(s, view, budget)))

    async def play_record(request: Request) -> Response:
        """The match as a game record (text)."""
        m = matches.get(request.path_params["id"])
        return PlainTextResponse(m.record(), headers={
            "Content-Disposition": f'attachment; filename="sixtysix-match-{m.id}.txt"'})

    def _review_request(data: dict[str, Any]) -> tuple[list[Game], int, Budget]:
        games = parse_match_record(get_str(data, "record"))
        seat = get_int(data, "seat", 0, 0, 3)
        budget = Budget.from_json(data, searches.max_seconds, worlds=100, seconds=2.0)
        return games, seat, budget

    async def review_json(request: Request) -> Response:
        """Every decision of one seat in a record: cost, label, the board there."""
        games, seat, budget = _review_request(await _body(request))
        return await _answer(request, reviews.start(lambda s: review(s, games, seat, budget)))

    async def review_stream(request: Request) -> Response:
        """The same, as server-sent events (a progress event per decision)."""
        games, seat, budget = _review_request(await _body(request))
        return EventStream(reviews.start(lambda s: review(s, games, seat, budget)))

    async def not_found(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, exc.detail if exc.status_code != 404
                      else f"no such endpoint: {request.method} {request.url.path}")

    def api(path: str, handler: Handler, methods: list[str]) -> Route:
        return Route(path, _guard(handler), methods=methods)

    routes: list[Route | Mount] = [
        Route("/", index, methods=["GET"]),
        api("/api", api_index, ["GET"]),
        api("/api/status", status, ["GET"]),
        api("/api/profiles", profiles, ["GET"]),
        api("/api/card/{card}.svg", card, ["GET"]),
        api("/api/cards", card_names, ["GET"]),
        api("/api/setup", setup, ["POST"]),
        api("/api/parse", parse, ["POST"]),
        api("/api/analyse", analyse_json, ["POST"]),
        api("/api/analyse/stream", analyse_stream, ["POST"]),
        api("/api/close", close_json, ["POST"]),
        api("/api/close/stream", close_stream, ["POST"]),
        api("/api/solve", solve, ["POST"]),
        api("/api/searches/{id}/stop", stop, ["POST"]),
        api("/api/play", play_new, ["POST"]),
        api("/api/play/{id}", play_state, ["GET"]),
        api("/api/play/{id}/act", play_act, ["POST"]),
        api("/api/play/{id}/next", play_next, ["POST"]),
        api("/api/play/{id}/hint", play_hint, ["POST"]),
        api("/api/play/{id}/record", play_record, ["GET"]),
        api("/api/review", review_json, ["POST"]),
        api("/api/review/stream", review_stream, ["POST"]),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
        searches.shutdown()
        reviews.shutdown()

    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found},
                    lifespan=lifespan)
    app.state.searches = searches
    app.state.reviews = reviews
    app.state.matches = matches
    return app

