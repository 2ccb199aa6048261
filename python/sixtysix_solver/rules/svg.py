"""Cards and tables drawn as SVG: standalone documents, no fonts needed for the suits, no
external assets, nothing fetched.

:func:`card_svg` draws one card (its rank in the corner, its suit drawn as a shape, red or black;
``None`` draws a card face down); :func:`board_svg` draws a game or a view (each hand, the
trick, the trump card, the stock and the scores). ``Game`` and ``View`` use it for their
notebook displays (``_repr_svg_``, ``_repr_html_``). Every card is one ``<g class="card">``
group (``class="card back"`` face down) whose ``data-card`` attribute holds its text (``KS``,
``??`` face down) and whose ``<title>`` names it in the chosen suits: ``french`` (clubs,
diamonds, hearts, spades), ``german`` (Eichel, Schellen, Herz, Grün) or ``hungarian`` (Makk,
Tök, Piros, Zöld), the package's C D H S in that order.

>>> svg = card_svg("KS")
>>> svg.startswith("<svg") and 'data-card="KS"' in svg and ">K</text>" in svg
True
>>> 'Grün König' in card_svg("KS", suits="german"), 'Piros Ász' in card_svg("AH", suits="hungarian")
(True, True)
>>> card_svg("KS", suits="tarot")
Traceback (most recent call last):
...
sixtysix_solver.errors.SixtySixError: bad suits 'tarot': expected one of french, german, hungarian
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .board import Board, HasBoard, format_board
from .cards import Card
from ..errors import SixtySixError

__all__ = ["SUIT_STYLES", "board_svg", "card_name", "card_svg"]

SUIT_STYLES = ("french", "german", "hungarian")
_NS = 'xmlns="http://www.w3.org/2000/svg"'
_FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"'

# Per style: rank labels (ace..seven), rank names, suit names (C D H S), suit colours.
_RANK_LABELS = {
    "french": ("A", "10", "K", "Q", "J", "9", "8", "7"),
    "german": ("A", "10", "K", "O", "U", "9", "8", "7"),
    "hungarian": ("Á", "10", "K", "F", "A", "9", "8", "7"),
}
_RANK_NAMES = {
    "french": ("ace", "ten", "king", "queen", "jack", "nine", "eight", "seven"),
    "german": ("Ass", "Zehn", "König", "Ober", "Unter", "Neun", "Acht", "Sieben"),
    "hungarian": ("Ász", "Tízes", "Király", "Felső", "Alsó", "Kilences", "Nyolcas", "Hetes"),
}
_SUIT_NAMES = {
    "french": ("clubs", "diamonds", "hearts", "spades"),
    "german": ("Eichel", "Schellen", "Herz", "Grün"),
    "hungarian": ("Makk", "Tök", "Piros", "Zöld"),
}
_RED, _BLACK = "#c8102e", "#111111"
_COLOURS = {
    "french": (_BLACK, _RED, _RED, _BLACK),
    "german": ("#7a4a14", "#b07800", _RED, "#23802a"),
}

# Suit shapes in a unit box (-1..1), drawn with fills only so that any scale looks the same.
_HEART = ("M0,1 C-0.3,0.7 -1,0.25 -1,-0.3 C-1,-0.85 -0.35,-1.05 0,-0.55 "
          "C0.35,-1.05 1,-0.85 1,-0.3 C1,0.25 0.3,0.7 0,1 Z")
_FRENCH_SHAPES = (
    # clubs: three leaves and a stem
    '<circle cx="0" cy="-0.48" r="0.4"/><circle cx="-0.5" cy="0.15" r="0.4"/>'
    '<circle cx="0.5" cy="0.15" r="0.4"/><path d="M-0.1,0 L-0.3,1 L0.3,1 L0.1,0 Z"/>',
    '<path d="M0,-1 L0.72,0 L0,1 L-0.72,0 Z"/>',
    f'<path d="{_HEART}"/>',
    '<path d="M0,-1 C-0.3,-0.7 -1,-0.25 -1,0.25 C-1,0.75 -0.4,0.85 -0.08,0.45 L-0.3,1 '
    'L0.3,1 L0.08,0.45 C0.4,0.85 1,0.75 1,0.25 C1,-0.25 0.3,-0.7 0,-1 Z"/>',
)
_GERMAN_SHAPES = (
    # acorn: the nut, its cap and the stalk
    '<ellipse cx="0" cy="0.25" rx="0.5" ry="0.7"/>'
    '<path d="M-0.62,-0.05 C-0.62,-0.75 0.62,-0.75 0.62,-0.05 Z" fill="#4a2a08"/>'
    '<rect x="-0.07" y="-1" width="0.14" height="0.4" fill="#4a2a08"/>',
    # bell: the ball, its band and its slot
    '<circle cx="0" cy="0.1" r="0.8"/><rect x="-0.8" y="-0.15" width="1.6" height="0.18" '
    'fill="#6a4800"/><circle cx="0" cy="0.5" r="0.14" fill="#3a2800"/>'
    '<rect x="-0.08" y="-1" width="0.16" height="0.25" fill="#6a4800"/>',
    f'<path d="{_HEART}"/>',
    # leaf: the blade, its rib and stem
    '<path d="M0,-1 C0.9,-0.5 0.8,0.45 0,0.8 C-0.8,0.45 -0.9,-0.5 0,-1 Z"/>'
    '<rect x="-0.04" y="-0.7" width="0.08" height="1.7" fill="#0d4a12"/>',
)


def _check_style(suits: str) -> str:
    if suits not in SUIT_STYLES:
        raise SixtySixError(f"bad suits {suits!r}: expected one of {', '.join(SUIT_STYLES)}")
    return suits


def _check_width(width: float, what: str = "width") -> float:
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 10 <= width <= 1000:
        raise SixtySixError(f"{what} must be a number from 10 to 1000, got {width!r}")
    return float(width)


def _as_card(card: Card | str | None) -> Card | None:
    if card is None or isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise SixtySixError(f"bad card {card!r}: expected a Card, its text or None (face down)")


def _n(x: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def card_name(card: Card | str, suits: str = "french") -> str:
    """The card's name in the chosen suits: ``king of spades``, ``Grün König``, ``Zöld Király``.

    >>> card_name("TD"), card_name("TD", "german"), card_name("QC", "hungarian")
    ('ten of diamonds', 'Schellen Zehn', 'Makk Felső')
    """
    c = _as_card(card)
    assert c is not None
    style = _check_style(suits)
    rank, suit = _RANK_NAMES[style][c.rank], _SUIT_NAMES[style][c.suit]
    return f"{rank} of {suit}" if style == "french" else f"{suit} {rank}"


def _colour(card: Card, style: str) -> str:
    return _COLOURS["french" if style == "french" else "german"][card.suit]


def _suit_shape(card: Card, style: str, cx: float, cy: float, size: float) -> str:
    shapes = _FRENCH_SHAPES if style == "french" else _GERMAN_SHAPES
    return (f'<g transform="translate({_n(cx)} {_n(cy)}) scale({_n(size)})" '
            f'fill="{_colour(card, style)}">{shapes[card.suit]}</g>')


def _card_group(card: Card | None, x: float, y: float, w: float, style: str) -> str:
    """One card as a ``<g>`` with its top left corner at (x, y), ``w`` wide."""
    h = w * 1.4
    r = w * 0.08
    frame = (f'<rect x="0.5" y="0.5" width="{_n(w - 1)}" height="{_n(h - 1)}" rx="{_n(r)}" '
             f'fill="{{fill}}" stroke="#333333" stroke-width="1"/>')
    at = f'transform="translate({_n(x)} {_n(y)})"'
    if card is None:
        inset = w * 0.1
        return (f'<g class="card back" data-card="??" {at}><title>a card face down</title>'
                + frame.format(fill="#1d4e89")
                + f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(w - 2 * inset)}" '
                f'height="{_n(h - 2 * inset)}" rx="{_n(r / 2)}" fill="#2f6db5" '
                f'stroke="#ffffff" stroke-width="1"/></g>')
    label = _RANK_LABELS[style][card.rank]
    colour = _colour(card, style)
    return (f'<g class="card" data-card="{card}" {at}>'
            f'<title>{escape(card_name(card, style))}</title>' + frame.format(fill="#ffffff")
            + f'<text x="{_n(w * 0.08)}" y="{_n(w * 0.3)}" font-size="{_n(w * 0.26)}" '
            f'font-weight="bold" fill="{colour}" {_FONT}>{escape(label)}</text>'
            + _suit_shape(card, style, w * 0.2, w * 0.48, w * 0.1)
            + _suit_shape(card, style, w * 0.5, h * 0.6, w * 0.26) + "</g>")


def _document(body: str, width: float, height: float, label: str) -> str:
    return (f'<svg {_NS} width="{_n(width)}" height="{_n(height)}" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" role="img" aria-label={quoteattr(label)}>'
            f'{body}</svg>')


def card_svg(card: Card | str | None, *, suits: str = "french", width: float = 60) -> str:
    """One card as a standalone SVG document, ``width`` pixels wide (1.4 times as high);
    ``None`` draws a card face down. ``suits``: ``french``, ``german`` or ``hungarian``."""
    c = _as_card(card)
    style = _check_style(suits)
    w = _check_width(width)
    name = "a card face down" if c is None else card_name(c, style)
    return _document(_card_group(c, 0, 0, w, style), w, w * 1.4, name)


def _text(x: float, y: float, size: float, content: str, anchor: str = "start") -> str:
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}" '
            f'fill="#111111" {_FONT}>{escape(content)}</text>')


def board_svg(game_or_view: HasBoard, *, suits: str = "french", card_width: float = 48) -> str:
    """A game or a view (anything with a ``board()``: ``Game``, ``View``, ``Board``) as a
    standalone SVG document: a header (who acts), a row per hand (the seat's cards face up,
    the hidden ones face down), the trick with who played each card, the trump card, the
    stock (face down, its size written on it) and the scores.

    >>> from sixtysix_solver.rules.game import Game
    >>> svg = board_svg(Game.deal("schnapsen", seed=3))
    >>> svg.count('class="card"'), svg.count('class="card back"')  # 2 hands + trump; stock
    (11, 1)
    """
    board: Board = game_or_view.board()
    style = _check_style(suits)
    cw = _check_width(card_width, "card_width")
    ch, gap, m, label_w, line = cw * 1.4, cw * 0.15, 10.0, 110.0, 20.0
    lines = format_board(board).splitlines()
    slots = max([len(h) for h in board.hands] + [board.players + 3])
    width = 2 * m + label_w + slots * (cw + gap)
    parts = [_text(m, m + 14, 14, lines[0]), _text(m, m + 14 + line, 13, lines[1])]
    y = m + 2 * line + 6
    for p, hand in enumerate(board.hands):
        mark = "▶ " if p == board.to_act else ""
        you = " (you)" if p == board.seat else ""
        parts.append(_text(m, y + ch / 2 + 5, 13, f"{mark}player {p}{you}"))
        for i, card in enumerate(hand):
            parts.append(_card_group(card, m + label_w + i * (cw + gap), y, cw, style))
        y += ch + gap
    # The table: the trick (who played each card under it), then the trump card and the stock.
    y += gap
    parts.append(_text(m, y + ch / 2 + 5, 13, "trick"))
    x = m + label_w
    for card, p in zip(board.trick, board.trick_players()):
        parts.append(_card_group(card, x, y, cw, style))
        parts.append(_text(x + cw / 2, y + ch + 14, 11, f"player {p}", "middle"))
        x += cw + gap
    x = m + label_w + max(board.players, len(board.trick)) * (cw + gap) + gap
    parts.append(_card_group(board.trump_card, x, y, cw, style))
    parts.append(_text(x + cw / 2, y + ch + 14, 11, "trump", "middle"))
    if board.stock_size:
        x += cw + gap
        parts.append(_card_group(None, x, y, cw, style))
        parts.append(f'<text x="{_n(x + cw / 2)}" y="{_n(y + ch / 2 + 6)}" font-size="16" '
                     f'font-weight="bold" text-anchor="middle" fill="#ffffff" {_FONT}>'
                     f'{board.stock_size}</text>')
        closed = " closed" if board.closed_by is not None else ""
        parts.append(_text(x + cw / 2, y + ch + 14, 11, f"stock{closed}", "middle"))
    y += ch + 22
    score_lines = [s for s in lines if s.startswith(("score", "match", "result"))]
    for s in score_lines:
        y += line
        parts.append(_text(m, y, 13, s))
    height = y + m
    width = max(width, x + cw + m)
    return _document("".join(parts), width, height, lines[0])
