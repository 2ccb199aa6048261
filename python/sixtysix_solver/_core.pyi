# The compiled core's types, generated from the binding (cpp/bindings.cpp) by pybind11-stubgen:
#   pybind11-stubgen sixtysix_solver._core -o <dir>   (then copy <dir>/sixtysix_solver/_core.pyi here)
# tests/test_core_stub.py regenerates it and compares, and runs mypy.stubtest on it.
"""
sixtysix_solver's compiled core (private: use the sixtysix_solver package)
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['RuleSet', 'Solver', 'State', 'WorldPool', 'beats', 'card_reach', 'dominance', 'knob_ranges', 'knob_vocabulary', 'race', 'seeded_deal', 'set_dominance', 'set_strict_path', 'solve_batch', 'solve_worlds', 'strict_path', 'world_width']
class RuleSet:
    def __init__(self, knobs: dict[str, typing.Any]) -> None:
        ...
    @property
    def deck_size(self) -> int:
        ...
    @property
    def players(self) -> int:
        ...
    @property
    def sides(self) -> int:
        ...
    @property
    def stock_size(self) -> int:
        ...
class State:
    @staticmethod
    def from_deal(rules: RuleSet, dealer: typing.SupportsInt | typing.SupportsIndex, hands: collections.abc.Sequence[collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]], stock: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], aside: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], trump_card: typing.SupportsInt | typing.SupportsIndex, carry: typing.SupportsInt | typing.SupportsIndex) -> State:
        ...
    @staticmethod
    def from_fields(rules: RuleSet, fields: dict[str, typing.Any]) -> State:
        ...
    def apply(self, action: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def copy(self) -> State:
        ...
    def fields(self) -> dict[str, typing.Any]:
        ...
    def is_legal(self, action: typing.SupportsInt | typing.SupportsIndex) -> bool:
        ...
    def legal_actions(self) -> list[int]:
        ...
    def perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> int:
        ...
    def scores(self) -> list[int]:
        ...
    @property
    def over(self) -> bool:
        ...
    @property
    def phase(self) -> str:
        ...
    @property
    def strict(self) -> bool:
        ...
    @property
    def to_act(self) -> int:
        ...
class Solver:
    def __init__(self, tt_mib: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def solve(self, state: State, objective: str, node_limit: typing.SupportsInt | typing.SupportsIndex, time_limit: typing.SupportsFloat | typing.SupportsIndex, actions: bool, pv: bool) -> dict[str, typing.Any]:
        ...
    @property
    def tt_bytes(self) -> int:
        ...
class WorldPool:
    def __init__(self, threads: typing.SupportsInt | typing.SupportsIndex, tt_mib: typing.SupportsInt | typing.SupportsIndex, shared: bool = False) -> None:
        ...
    def cancel(self) -> None:
        ...
    def new_generation(self) -> None:
        ...
    def solve(self, base: State, rows: typing.Annotated[numpy.typing.ArrayLike, numpy.uint8], lines: collections.abc.Sequence[collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]], objective: str, node_limit: typing.SupportsInt | typing.SupportsIndex, time_limit: typing.SupportsFloat | typing.SupportsIndex, share_table: bool, deadline: typing.SupportsFloat | typing.SupportsIndex = 0.0) -> tuple[numpy.typing.NDArray[numpy.int16], numpy.typing.NDArray[numpy.uint64], numpy.typing.NDArray[numpy.bool]]:
        ...
def beats(a: typing.SupportsInt | typing.SupportsIndex, b: typing.SupportsInt | typing.SupportsIndex, trump: typing.SupportsInt | typing.SupportsIndex) -> bool:
    """
    Whether card a, played after b, beats it (state.hpp; for the tests of rules/cards.py).
    """
def card_reach(rules: RuleSet, trump: typing.SupportsInt | typing.SupportsIndex, hand_x: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], hand_y: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], x_leads: bool, need: typing.SupportsInt | typing.SupportsIndex) -> bool:
    ...
def dominance() -> bool:
    ...
def knob_ranges() -> dict[str, tuple[int, int]]:
    """
    Each numeric knob's bounds (rules.hpp): knob -> (lowest, highest).
    """
def knob_vocabulary() -> dict[str, tuple[str, ...]]:
    """
    Each named knob's values in the core's order (rules.hpp): knob -> tuple of names.
    """
def race(rules: RuleSet, trump: typing.SupportsInt | typing.SupportsIndex, hand_x: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], hand_y: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], x_leads: bool, lead: typing.SupportsInt | typing.SupportsIndex, need_x: typing.SupportsInt | typing.SupportsIndex, need_y: typing.SupportsInt | typing.SupportsIndex, end: str, bonus: typing.SupportsInt | typing.SupportsIndex, draw_will_do: bool) -> bool:
    ...
def seeded_deal(rules: RuleSet, dealer: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> dict[str, typing.Any]:
    ...
def set_dominance(on: bool) -> None:
    """
    Score-dominance table entries in the strict-phase search (default on; values never depend on it).
    """
def set_strict_path(mode: typing.SupportsInt | typing.SupportsIndex) -> None:
    """
    The two-player strict-phase search: 0 off, 1 on the State, 2 compact (values never change).
    """
def solve_batch(states: collections.abc.Sequence[State], objective: str, threads: typing.SupportsInt | typing.SupportsIndex, tt_mib: typing.SupportsInt | typing.SupportsIndex, node_limit: typing.SupportsInt | typing.SupportsIndex, time_limit: typing.SupportsFloat | typing.SupportsIndex) -> tuple[numpy.typing.NDArray[numpy.int16], numpy.typing.NDArray[numpy.uint64], numpy.typing.NDArray[numpy.bool]]:
    ...
def solve_worlds(base: State, rows: typing.Annotated[numpy.typing.ArrayLike, numpy.uint8], lines: collections.abc.Sequence[collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]], objective: str, threads: typing.SupportsInt | typing.SupportsIndex, tt_mib: typing.SupportsInt | typing.SupportsIndex, node_limit: typing.SupportsInt | typing.SupportsIndex, time_limit: typing.SupportsFloat | typing.SupportsIndex, share_table: bool, deadline: typing.SupportsFloat | typing.SupportsIndex = 0.0) -> tuple[numpy.typing.NDArray[numpy.int16], numpy.typing.NDArray[numpy.uint64], numpy.typing.NDArray[numpy.bool]]:
    ...
def strict_path() -> int:
    ...
def world_width(state: State) -> int:
    ...
