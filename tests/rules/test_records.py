"""The rules core's records (``companion.rules.records``) do what :mod:`dataclasses` does.

Each class body below is made twice, once by :func:`dataclasses.dataclass` and once by the
records' own decorator, and the two are asked the same things. Every record of the rules
core is then checked with :mod:`dataclasses`' own functions, and the compiled-``__init__``
cache is shown to survive a corrupt file."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pickle
import pkgutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import companion.rules
from companion.rules import _records

ROOT = Path(__file__).resolve().parents[2]


def _bodies() -> dict[str, Callable[[Callable[..., Any], Callable[..., Any]], type]]:
    """Class bodies, each made with a given decorator and field()."""

    def point(dc: Callable[..., Any], field: Callable[..., Any]) -> type:
        @dc(frozen=True, slots=True, order=True)
        class Point:
            col: int
            row: int

        return Point

    def spec(dc: Callable[..., Any], field: Callable[..., Any]) -> type:
        @dc(frozen=True, slots=True)
        class Spec:
            name: str
            dice: tuple[int, ...] = (3, 2, 1)
            tags: dict[str, int] = field(default_factory=dict)
            hidden: int = field(default=7, repr=False)
            note: str = field(default="", compare=False)

        return Spec

    def unit(dc: Callable[..., Any], field: Callable[..., Any]) -> type:
        @dc(slots=True)
        class Unit:
            id: str
            figures: int = 4
            ammo: dict[str, int] = field(default_factory=dict)

        return Unit

    def board(dc: Callable[..., Any], field: Callable[..., Any]) -> type:
        @dc
        class Board:
            """A board."""

            width: int
            cells: list[int] = field(default_factory=list)
            made: int = field(default=0, init=False)

            def __post_init__(self) -> None:
                self.made = self.width * 2

        return Board

    def frozen_plain(dc: Callable[..., Any], field: Callable[..., Any]) -> type:
        @dc(frozen=True)
        class Result:
            hits: int
            flags: int = 0

            def total(self) -> int:
                return self.hits + self.flags

        return Result

    def own_repr(dc: Callable[..., Any], field: Callable[..., Any]) -> type:
        @dc(frozen=True)
        class Named:
            name: str

            def __repr__(self) -> str:
                return f"<{self.name}>"

        return Named

    def derived(dc: Callable[..., Any], field: Callable[..., Any]) -> type:
        @dc(frozen=True)
        class Base:
            name: str
            size: int = 1

        @dc(frozen=True)
        class Derived(Base):
            extra: str = "x"

        return Derived

    return {"point": point, "spec": spec, "unit": unit, "board": board,
            "frozen_plain": frozen_plain, "own_repr": own_repr, "derived": derived}


ARGS: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {
    "point": [((1, 2), {}), ((2, 1), {}), ((1, 3), {}), ((), {"col": 1, "row": 2})],
    "spec": [(("a",), {}), (("a", (1,)), {}), (("b",), {"tags": {"x": 1}}),
             (("a",), {"hidden": 3}), (("a",), {"note": "other"})],
    "unit": [(("u1",), {}), (("u1", 3), {}), (("u2",), {"ammo": {"bombs": 2}})],
    "board": [((3,), {}), ((4, [1, 2]), {})],
    "frozen_plain": [((2,), {}), ((2, 1), {}), ((), {"hits": 0, "flags": 2})],
    "own_repr": [(("x",), {}), (("y",), {})],
    "derived": [(("a",), {}), (("a", 2), {}), (("a", 1, "y"), {}), ((), {"name": "b", "extra": "z"})],
}


def made(name: str) -> tuple[type, type]:
    body = _bodies()[name]
    return body(dataclasses.dataclass, dataclasses.field), body(_records.dataclass, _records.field)


def observe(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    obj = cls(*args, **kwargs)
    seen: dict[str, Any] = {"repr": repr(obj).replace("test_records._bodies.<locals>.", ""),
                            "fields": [f.name for f in dataclasses.fields(obj)],
                            "values": {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)},
                            "asdict": dataclasses.asdict(obj),
                            "match_args": cls.__match_args__,  # type: ignore[attr-defined]
                            "is_dataclass": dataclasses.is_dataclass(obj),
                            "hashable": cls.__hash__ is not None,
                            "slots": hasattr(cls, "__slots__"), "has_dict": hasattr(obj, "__dict__")}
    if seen["hashable"]:
        try:
            seen["hash_equal_to_copy"] = hash(obj) == hash(copy.copy(obj))
        except TypeError:  # a field that cannot be hashed
            seen["hash_equal_to_copy"] = "unhashable field"
    try:
        setattr(obj, seen["fields"][0], getattr(obj, seen["fields"][0]))
        seen["assign"] = "ok"
    except AttributeError as exc:
        seen["assign"] = type(exc).__mro__[1].__name__  # FrozenInstanceError's base
    try:
        obj.not_a_field = 1  # type: ignore[attr-defined]
        seen["new_attribute"] = "ok"
    except (AttributeError, TypeError):  # 3.11's frozen slotted dataclass says TypeError (a bug)
        seen["new_attribute"] = "refused"
    return seen


@pytest.mark.parametrize("name", sorted(ARGS))
def test_a_record_behaves_as_the_dataclass_of_the_same_body(name: str) -> None:
    real, ours = made(name)
    assert "__record_fields__" in ours.__dict__  # really made by the records' decorator
    for args, kwargs in ARGS[name]:
        assert observe(ours, args, kwargs) == observe(real, args, kwargs), (args, kwargs)
    # comparisons between every pair, as dataclasses makes them
    pairs = [(a, b) for a in ARGS[name] for b in ARGS[name]]
    for (a_args, a_kw), (b_args, b_kw) in pairs:
        r = (real(*a_args, **a_kw), real(*b_args, **b_kw))
        o = (ours(*a_args, **a_kw), ours(*b_args, **b_kw))
        assert (o[0] == o[1]) == (r[0] == r[1])
        if hasattr(real, "__lt__") and "__lt__" in real.__dict__:
            assert (o[0] < o[1], o[0] <= o[1], o[0] > o[1], o[0] >= o[1]) == \
                   (r[0] < r[1], r[0] <= r[1], r[0] > r[1], r[0] >= r[1])


def test_defaults_factories_and_errors_match() -> None:
    real, ours = made("spec")
    a, b = ours("a"), ours("b")
    assert a.tags == {} and a.tags is not b.tags  # a fresh dict each
    assert ours.__init__.__defaults__ is not None  # type: ignore[misc]
    with pytest.raises(TypeError):
        ours()
    with pytest.raises(TypeError):
        ours("a", unknown=1)
    assert ours("a") != real("a")  # another class: not equal, as between two dataclasses
    with pytest.raises(ValueError, match="mutable default"):
        @_records.dataclass
        class Bad:
            items: list[int] = []  # noqa: RUF012
    with pytest.raises(TypeError, match="non-default argument"):
        @_records.dataclass
        class Order:
            a: int = 1
            b: int  # type: ignore[misc]
    with pytest.raises(TypeError, match="cannot overwrite"):
        @_records.dataclass(frozen=True)
        class Own:
            a: int

            def __setattr__(self, name: str, value: Any) -> None:
                pass


def test_frozen_error_is_an_attribute_error_and_names_the_field() -> None:
    _, ours = made("point")
    p = ours(1, 2)
    with pytest.raises(AttributeError, match="'col'"):
        p.col = 3
    with pytest.raises(AttributeError, match="'row'"):
        del p.row


def test_replace_copy_and_pickle() -> None:
    for name in ("point", "spec", "unit", "frozen_plain"):
        _, ours = made(name)
        args, kwargs = ARGS[name][0]
        obj = ours(*args, **kwargs)
        first = dataclasses.fields(obj)[0].name
        changed = _records.replace(obj, **{first: getattr(obj, first)})
        assert changed == obj and changed is not obj
        assert dataclasses.replace(obj, **{first: getattr(obj, first)}) == obj
        assert copy.copy(obj) == obj and copy.deepcopy(obj) == obj
    # pickling needs a module-level class: every record of the rules core is one
    from companion.rules.board import Hex, Side
    from companion.rules.position import Unit

    h = Hex(3, 4)  # frozen and slotted
    assert pickle.loads(pickle.dumps(h)) == h and copy.deepcopy(h) == h
    unit = Unit("a1", Side.ALLIES, "infantry", h, 4, ammo={"bombs": 1})  # slotted, not frozen
    again = pickle.loads(pickle.dumps(unit))
    assert again == unit and again.ammo is not unit.ammo
    with pytest.raises(ValueError, match="init=False"):
        _, board = made("board")
        _records.replace(board(3), made=1)


def _rules_records() -> list[type]:
    found: list[type] = []
    for info in pkgutil.walk_packages(companion.rules.__path__, "companion.rules."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ \
                    and "__record_fields__" in value.__dict__:
                found.append(value)
    return found


def test_every_rules_record_is_made_by_the_records_and_works_with_dataclasses() -> None:
    records = _rules_records()
    assert len(records) >= 40
    assert any(cls.__module__.startswith("companion.rules.air.") for cls in records)
    for cls in records:
        names = [f.name for f in dataclasses.fields(cls)]
        assert names == list(cls.__record_fields__)  # type: ignore[attr-defined]
        assert dataclasses.is_dataclass(cls)
    # and no rules module makes its classes with dataclasses itself
    for path in Path(companion.rules.__path__[0]).rglob("*.py"):
        if path.name not in ("records.py", "_records.py"):
            assert "from dataclasses import" not in path.read_text(), path.name


def test_a_record_is_as_fast_to_make_as_a_dataclass_instance() -> None:
    """Not a timing test: the __init__ is real compiled code with the field names as
    parameters (a generic ``*args`` init would be slower at every unit made)."""
    from companion.rules.board import Hex

    code = Hex.__init__.__code__
    assert code.co_varnames[:3] == ("self", "col", "row")
    assert code.co_argcount == 3


def test_a_corrupt_or_missing_cache_only_means_compiling_again(tmp_path: Path) -> None:
    script = textwrap.dedent("""
        import sys
        from companion.rules import _records
        _records._codes_path = lambda module: f"{sys.argv[1]}/{module}.bin"
        from companion.rules.board import Hex
        assert Hex(1, 2) == Hex(1, 2) and Hex(1, 2) < Hex(1, 3)
        compiled = _records._NEW_CODES.get("companion.rules.board", {})
        print(len(compiled), _records.save_codes())
    """)
    cache = tmp_path / "companion.rules.board.bin"

    def run() -> tuple[int, int]:
        out = subprocess.run([sys.executable, "-B", "-c", script, str(tmp_path)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        compiled, written = out.stdout.split()
        return int(compiled), int(written)

    compiled, written = run()
    assert compiled >= 3 and written >= 1  # Hex, BoardShape, Board compiled, then written
    assert cache.exists()
    assert run() == (0, 0)  # all found in the files: nothing compiled, nothing written
    cache.write_bytes(b"\x00garbage")
    assert run()[0] >= 3  # a corrupt file is compiled around and written again
    assert run() == (0, 0)
