"""The board's journeys in a real browser: headless Chromium from the system's packages
(``/usr/bin/chromium``, Debian's ``chromium``), driven by Playwright with that executable;
nothing downloads a browser. The server runs in-process (uvicorn in a thread, on a free
port). Each journey keeps a screenshot in ``tests/artifacts/`` (not committed); the analysis
journey also writes the README's ``docs/serve.png``.

The waits are for what the page shows, with generous timeouts, and the searches are small, so
that a busy machine only makes the run slower."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("SIXTYSIX_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
WAIT = 60_000  # ms: generous, the machine may be busy

_missing = [m for m in ("playwright", "uvicorn", "starlette")
            if __import__("importlib").util.find_spec(m) is None]
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists() or bool(_missing),
        reason="BROWSER TESTS NOT RUN: "
        + (f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
           if not Path(CHROMIUM).exists() else f"missing Python packages {_missing} "
           "(pip install -e '.[test]')"),
    ),
]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    import uvicorn

    from sixtysix_solver.serve.app import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(max_searches=2, max_seconds=60),
                                        host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture()
def page(browser: Any, server: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(WAIT)
    pg.goto(server)
    pg.wait_for_selector("body[data-ready=true]")
    yield pg
    ctx.close()
    assert errors == [], errors


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def set_up_schnapsen(page: Any) -> None:
    """The issue's example, clicked: I hold AH TH KS QS JC, trump QH, seat 1 to act."""
    page.select_option("#setup-profile", "schnapsen")
    page.select_option("#setup-seat", "1")
    for c in "AH TH KS QS JC".split():
        page.click(f"#setup-deck .slot[data-card={c}]")
    page.check("input[name=setup-mode][value=trump]")
    page.click("#setup-deck .slot[data-card=QH]")
    page.click("#setup-go")
    page.wait_for_selector("#an-go:not([disabled])")


def test_set_up_by_clicking_analyse_live_and_stop(page: Any) -> None:
    set_up_schnapsen(page)
    assert page.inner_text("#analyse-view") == (
        "schnapsen seat=1 dealer=0 turn=1:lead trump=QH hands=5/JCTHAHQSKS stock=10:QH")
    mine = page.locator("#analyse-board .cards[data-seat='1'] .card")
    assert sorted(mine.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(
        "AH TH KS QS JC".split())
    # a long search: the figures arrive while it runs, and Stop ends it with what it has
    page.fill("#an-worlds", "100000")
    page.fill("#an-seconds", "50")
    page.click("#an-go")
    page.wait_for_selector("#an-status[data-state=progress]")
    page.click("#an-stop")
    page.wait_for_selector("#an-status[data-state=done]")
    assert "(stop)" in page.inner_text("#an-status")
    # a small complete run: every legal action with its bar, P(win) and outcomes
    page.fill("#an-worlds", "300")
    page.fill("#an-seconds", "30")
    page.click("#an-go")
    page.wait_for_selector("#an-status[data-state=done]")
    page.wait_for_function("document.querySelector('#an-status').innerText.includes('(done)')")
    rows = page.locator("#an-table tbody tr")
    actions = rows.evaluate_all("rs => rs.map(r => r.dataset.action)")
    assert set(actions) == {"JC", "AH", "TH", "KS", "QS", "close", "marry-S", "claim"}
    assert page.locator("#an-table tbody tr.best").count() == 1
    assert page.locator("#an-table tbody tr.best").get_attribute("data-action") == actions[0]
    assert page.locator("#an-table .dist div").count() >= len(actions)
    assert "300 of" in page.inner_text("#an-status")
    shot(page, "1-analyse")


def test_does_closing_win(page: Any) -> None:
    set_up_schnapsen(page)
    page.fill("#an-worlds", "200")
    page.click("#an-close")
    verdict = page.wait_for_selector("#verdict")
    assert verdict.get_attribute("data-verdict") in ("close", "continue", "either",
                                                      "too close to call")
    options = page.locator("#close-result .option")
    names = options.evaluate_all("os => os.map(o => o.dataset.option)")
    assert names[0] == "close now" and names[-1] == "go on"
    assert page.locator("#close-result .option .dist").count() == len(names)
    # the closing verdict next to a full analysis: the README's picture
    page.fill("#an-worlds", "300")
    page.click("#an-go")
    page.wait_for_function("document.querySelector('#an-status').innerText.includes('(done)')")
    page.click("#an-close")
    page.wait_for_selector("#verdict")
    shot(page, "2-closing")
    # The README's picture without the timings, so that a run on the same machine redraws the
    # same image (the figures are seeded).
    page.evaluate("document.querySelector('#an-status').textContent = ''")
    page.screenshot(path=str(ROOT / "docs" / "serve.png"))


def play_hand(page: Any) -> int:
    """Play the hand to its end, always the first legal choice; returns the moves made."""
    moves = 0
    while page.get_attribute("#play-status", "data-hand-over") != "true":
        page.wait_for_function("document.querySelector('#play-status').dataset.handOver === "
                               "'true' || document.querySelector('#play-board .card.legal, "
                               "#play-actions button')")
        if page.get_attribute("#play-status", "data-hand-over") == "true":
            break
        target = page.locator("#play-board .card.legal, #play-actions button").first
        target.click()
        moves += 1
        assert moves < 40
        page.wait_for_function("!document.querySelector('#play-status').innerText"
                               ".includes('thinking')")
    return moves


def test_play_three_hand(page: Any) -> None:
    """Three players each alone: the engine plays both other seats; the status shows every
    player's match score, yours as "you"."""
    page.click("button[data-tab=play]")
    page.select_option("#play-profile", "three-hand")
    page.select_option("#play-level", "1")
    page.click("#play-new")
    page.wait_for_selector("#play-board .card.legal")
    assert "match you 0, seat 1 0, seat 2 0 (to 7)" in page.inner_text("#play-status")
    assert page.locator("#play-board .cards[data-seat='0'] .card").count() == 7
    assert play_hand(page) > 0
    status = page.inner_text("#play-status")
    assert "hand over: game points you " in status and ", seat 2 " in status, status
    shot(page, "3-play-three-hand")


def test_play_a_hand_with_a_hint_then_review_it(page: Any) -> None:
    page.click("button[data-tab=play]")
    page.select_option("#play-profile", "schnapsen")
    page.select_option("#play-level", "1")
    page.click("#play-new")
    page.wait_for_selector("#play-board .card.legal")
    page.click("#play-hint")
    best = page.wait_for_selector("#hint-best").inner_text()
    assert best.startswith("hint: ")
    assert page.locator("#hint-table tbody tr").count() >= 2
    assert play_hand(page) > 0
    status = page.inner_text("#play-status")
    assert "hand over" in status or "match" in status
    assert page.locator("#play-log li").count() > 0
    with page.expect_download() as dl:
        page.click("#play-save")
    record = Path(dl.value.path()).read_text(encoding="utf-8")
    from sixtysix_solver.notation.record import parse_match_record

    games = parse_match_record(record)
    assert games[-1].is_over and len(games[-1].actions) >= 2 * 5
    shot(page, "3-play")

    # review the match just played: a graph, labelled decisions, a click shows the board
    page.click("#play-review")
    page.wait_for_selector("#tab-review:not([hidden])")
    assert page.input_value("#review-text").startswith("sixtysix-record")
    page.fill("#review-worlds", "20")
    page.click("#review-go")
    page.wait_for_selector("#review-status[data-state=done]")
    rows = page.locator("#review-table tbody tr")
    n = rows.count()
    assert n > 0 and page.locator("#review-graph circle").count() == n
    page.locator("#review-graph circle").nth(n - 1).click()
    assert page.get_attribute("#review-detail", "data-index") == str(n - 1)
    rows.nth(0).click()
    assert "played" in page.inner_text("#review-detail")
    assert page.locator("#review-board .cards[data-seat='0'] .card").count() >= 1
    page.select_option("#review-metric", "p_win")
    assert page.locator("#review-graph circle").count() == n
    shot(page, "4-review")


def test_open_card_solver_marks_every_card(page: Any) -> None:
    page.click("button[data-tab=open]")
    page.select_option("#open-profile", "schnapsen")
    page.fill("#open-seed", "4")
    page.click("#open-deal")
    page.wait_for_selector("#open-status[data-state=done]")
    values = page.locator("#open-board .card .val")
    assert values.count() >= 5
    assert page.locator("#open-board .card .val.best").count() >= 1
    assert "value −1" in page.inner_text("#open-status")
    assert page.inner_text("#open-pv").startswith("best line: AC")
    # every hand is open: 5 cards each, and the stock's cards are shown
    assert page.locator("#open-board .cards[data-seat='0'] .card").count() == 5
    first = page.locator("#open-board .card.legal").first.get_attribute("data-card")
    page.locator("#open-board .card.legal").first.click()
    page.wait_for_selector("#open-undo:not([disabled])")
    assert page.locator(f"#open-board #trick-box .card[data-card={first}]").count() == 1
    shot(page, "5-open-cards")


def test_german_suit_names(page: Any) -> None:
    page.select_option("#suits", "german")
    page.wait_for_function("document.querySelector('#setup-deck .slot[data-card=KS] img')"
                           ".src.includes('suits=german')")
    assert page.get_attribute("#setup-deck .slot[data-card=KS]", "title") == "Grün König"
    set_up_schnapsen(page)
    img = page.locator("#analyse-board .card[data-card=AH] img")
    assert "suits=german" in img.get_attribute("src")
    assert img.get_attribute("alt") == "Herz Ass"
    shot(page, "6-german")


def test_an_impossible_set_up_shows_the_engines_message(page: Any) -> None:
    for c in "AH TH KS QS".split():
        page.click(f"#setup-deck .slot[data-card={c}]")
    page.check("input[name=setup-mode][value=trump]")
    page.click("#setup-deck .slot[data-card=QH]")
    page.check("input[name=setup-mode][value=trick]")
    page.click("#setup-deck .slot[data-card=JC]")
    page.click("#setup-go")
    message = page.wait_for_selector("#message:not([hidden])").inner_text()
    assert "the stock holds at most 10 cards" in message

