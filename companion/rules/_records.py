"""Records without :mod:`dataclasses`: the same classes, made in a fraction of the time.

A rules query is a whole process (``companion rules FILE``), and on Python 3.11 importing
:mod:`dataclasses` costs more than the interpreter's own start (it imports :mod:`inspect`,
:mod:`ast`, :mod:`dis`, :mod:`tokenize`...), and each class it makes costs about a tenth of a
millisecond more (a compile per method, and ``inspect.signature`` for its docstring).
The rules core has 57 records (issue 18).

:func:`dataclass` here makes the methods :mod:`dataclasses` would (``__init__``, ``__repr__``,
``__eq__``, ordering, ``__hash__``, frozen ``__setattr__``/``__delattr__``, ``__slots__``,
``__match_args__``, pickling of frozen slotted records), for the subset of options the rules
core uses: the ones every lookup runs (``__init__``, comparisons, ``__hash__``) as generated
code, as fast as :mod:`dataclasses`' own, compiled once per class into a cache that later
processes load (see ``save_codes``); the others as closures. The records also work with
:mod:`dataclasses`' own functions (``dataclasses.replace``, ``fields``, ``asdict``, ``is_dataclass``): their
``__dataclass_fields__`` are built, from real :class:`dataclasses.Field` objects, the first
time anything asks for them (a process that asks has imported :mod:`dataclasses` already).

Type checkers see :mod:`dataclasses` itself (``companion.rules.records``); the tests build
the same classes both ways and compare what they do (``tests/rules/test_records.py``).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a referee query's start)
if TYPE_CHECKING:
    from typing import Any

_FIELD_SEP = ", "


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record (``dataclasses.FrozenInstanceError`` is also caught
    by ``except AttributeError``)."""


class Field:
    """One field of a record: its default (or default factory) and how it takes part."""

    __slots__ = ("compare", "default", "default_factory", "hash", "init", "name", "repr", "type")

    def __init__(self, default: Any, default_factory: Any, init: bool, repr: bool,
                 hash: bool | None, compare: bool) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r})"


def field(*, default: Any = MISSING, default_factory: Any = MISSING, init: bool = True,
          repr: bool = True, hash: bool | None = None, compare: bool = True) -> Any:
    """As :func:`dataclasses.field` (no ``metadata`` or ``kw_only``: the rules core uses none)."""
    return Field(default, default_factory, init, repr, hash, compare)


def _is_classvar(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    text = str(text).strip()
    return text.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar"))


def _collect(cls: type) -> dict[str, Field]:
    fields: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        base_fields = base.__dict__.get("__record_fields__")
        if base_fields is not None:
            fields.update(base_fields)
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - not inspect: its import
    for name, annotation in annotations.items():
        if _is_classvar(annotation):
            continue
        default = cls.__dict__.get(name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            if isinstance(default, (list, dict, set)):
                raise ValueError(f"mutable default {type(default)} for field {name} is not allowed: "
                                 "use default_factory")
            f = Field(default, MISSING, True, True, None, True)
        f.name = name
        f.type = annotation
        fields[name] = f
    seen_default = False
    for f in fields.values():
        if not f.init:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    return fields


def _tuple_of(names: list[str], obj: str) -> str:
    return "(" + "".join(f"{obj}.{n}," for n in names) + ")"


def _source(cls: type, fields: dict[str, Field], *, init: bool, eq: bool, order: bool,
            frozen: bool, hash_action: str) -> tuple[str, dict[str, Any]]:
    """The source of the record's ``__init__``, comparisons and hash (the methods every lookup
    and every new unit or hex runs: compiled, as :mod:`dataclasses` makes them), and the names
    it needs (its defaults...)."""
    env: dict[str, Any] = {"MISSING": MISSING, "__record_setattr__": object.__setattr__}
    params: list[str] = []
    body: list[str] = []
    for f in fields.values():
        if f.init:
            if f.default is not MISSING:
                env[f"_dflt_{f.name}"] = f.default
                params.append(f"{f.name}=_dflt_{f.name}")
            elif f.default_factory is not MISSING:
                env[f"_fct_{f.name}"] = f.default_factory
                params.append(f"{f.name}=MISSING")
            else:
                params.append(f.name)
            if f.default_factory is not MISSING:
                value = f"_fct_{f.name}() if {f.name} is MISSING else {f.name}"
            else:
                value = f.name
        elif f.default_factory is not MISSING:
            env[f"_fct_{f.name}"] = f.default_factory
            value = f"_fct_{f.name}()"
        elif f.default is not MISSING:
            env[f"_dflt_{f.name}"] = f.default
            value = f"_dflt_{f.name}"
        else:
            continue
        if frozen:
            body.append(f" __record_setattr__(self,{f.name!r},{value})")
        else:
            body.append(f" self.{f.name}={value}")
    if hasattr(cls, "__post_init__"):
        body.append(" self.__post_init__()")
    lines: list[str] = []
    if init:
        lines.append(f"def __init__(self,{','.join(params)}):" if params else "def __init__(self):")
        lines.extend(body or [" pass"])
    compared = [f.name for f in fields.values() if f.compare]
    ops = ([("__eq__", "==")] if eq else []) + \
        ([("__lt__", "<"), ("__le__", "<="), ("__gt__", ">"), ("__ge__", ">=")] if order else [])
    for name, op in ops:
        lines.append(f"def {name}(self,other):")
        lines.append(" if other.__class__ is self.__class__:")
        lines.append(f"  return {_tuple_of(compared, 'self')}{op}{_tuple_of(compared, 'other')}")
        lines.append(" return NotImplemented")
    if hash_action == "add":
        hashed = [f.name for f in fields.values() if (f.compare if f.hash is None else f.hash)]
        lines.append("def __hash__(self):")
        lines.append(f" return hash({_tuple_of(hashed, 'self')})")
    return "\n".join(lines) + "\n", env


# --- compiled methods, kept between processes ------------------------------------------------
# Compiling the generated methods is most of what making a record costs (about 1 ms for a
# record of 40 fields): the code objects are kept beside each module's bytecode
# (``__pycache__/board.records.cpython-311.bin`` for ``board.py``), keyed by their source, and
# compiled only when a source is new; a module's file is read when its first record is made,
# so a process reads the files of the modules it imports. ``scripts/setup`` writes them
# (``python -m companion.rules._records``); a process adds to them at exit only where Python
# may write bytecode (``sys.dont_write_bytecode``), and any trouble with a file only means
# compiling again.
_CODES: dict[str, dict[str, Any]] = {}  # module -> source -> code
_NEW_CODES: dict[str, dict[str, Any]] = {}  # compiled in this process
_USED: dict[str, dict[str, Any]] = {}  # asked for in this process
_SAVE_AT_EXIT: list[bool] = []


def _codes_path(module: str) -> str | None:
    import os

    file = getattr(sys.modules.get(module), "__file__", None)
    if not file:
        return None
    stem = os.path.splitext(os.path.basename(file))[0]
    tag = sys.implementation.cache_tag or "python"
    return os.path.join(os.path.dirname(file), "__pycache__", f"{stem}.records.{tag}.bin")


def _load_codes(module: str) -> dict[str, Any]:
    import marshal

    path = _codes_path(module)
    if path is None:
        return {}
    try:
        with open(path, "rb") as fh:
            codes = marshal.loads(fh.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return codes if isinstance(codes, dict) else {}


def _compiled(source: str, name: str, module: str) -> Any:
    codes = _CODES.get(module)
    if codes is None:
        codes = _CODES[module] = _load_codes(module)
        if not sys.dont_write_bytecode and not _SAVE_AT_EXIT:
            import atexit

            atexit.register(save_codes)
            _SAVE_AT_EXIT.append(True)
    code = codes.get(source)
    if code is None:
        code = compile(source, f"<record {name}>", "exec")
        codes[source] = code
        _NEW_CODES.setdefault(module, {})[source] = code
    _USED.setdefault(module, {})[source] = code
    return code


def save_codes(force: bool = False, only_used: bool = False) -> int:
    """Write the compiled methods of this process's records beside their modules' bytecode:
    merged with what the files held, or (``only_used``) only what this process used. Only the
    modules with something newly compiled, unless ``force``. The number of files written."""
    import marshal
    import os

    written = 0
    for module in list(_USED if force else _NEW_CODES):
        path = _codes_path(module)
        if path is None:
            continue
        codes = dict(_USED.get(module, {})) if only_used else \
            {**_load_codes(module), **_CODES.get(module, {}), **_NEW_CODES.get(module, {})}
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(tmp, "wb") as fh:
                fh.write(marshal.dumps(codes))
            os.replace(tmp, path)
        except OSError:
            continue
        _NEW_CODES.pop(module, None)
        written += 1
    return written


# --- the methods no lookup runs: closures, nothing compiled -----------------------------------
def _repr_fn(names: tuple[str, ...]) -> Any:
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _frozen_fns(made: list[type], names: frozenset[str]) -> dict[str, Any]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is made[0] or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        cls: Any = made[0]
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made[0] or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        cls: Any = made[0]
        super(cls, self).__delattr__(name)

    return {"__setattr__": __setattr__, "__delattr__": __delattr__}


def _methods(cls: type, fields: dict[str, Field], *, init: bool, repr: bool, eq: bool,
             order: bool, frozen: bool, hash_action: str, made: list[type]) -> dict[str, Any]:
    methods: dict[str, Any] = {}
    source, env = _source(cls, fields, init=init, eq=eq, order=order, frozen=frozen,
                          hash_action=hash_action)
    exec(_compiled(source, cls.__qualname__, cls.__module__), env, methods)
    if repr:
        methods["__repr__"] = _repr_fn(tuple(f.name for f in fields.values() if f.repr))
    if frozen:
        methods.update(_frozen_fns(made, frozenset(fields)))
    return methods


class _LazyDataclassFields:
    """``__dataclass_fields__`` as :mod:`dataclasses` builds it, made when first asked for."""

    def __get__(self, obj: object, owner: type) -> dict[str, Any]:
        import dataclasses

        real: dict[str, Any] = {}
        for name, f in getattr(owner, "__record_fields__", {}).items():
            rf: Any = dataclasses.field(
                default=dataclasses.MISSING if f.default is MISSING else f.default,
                default_factory=dataclasses.MISSING if f.default_factory is MISSING else f.default_factory,
                init=f.init, repr=f.repr, hash=f.hash, compare=f.compare)
            rf.name = name
            rf.type = f.type
            rf._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
            real[name] = rf
        if "__record_fields__" in owner.__dict__:
            type.__setattr__(owner, "__dataclass_fields__", real)  # asked once per class
        return real


class _Params:
    __slots__ = (
        "eq",
        "frozen",
        "init",
        "kw_only",
        "match_args",
        "order",
        "repr",
        "slots",
        "unsafe_hash",
        "weakref_slot",
    )

    def __init__(self, **values: bool) -> None:
        for k in self.__slots__:
            setattr(self, k, values.get(k, False))


def _frozen_getstate(self: Any) -> list[Any]:
    return [getattr(self, n) for n in type(self).__record_fields__]


def _frozen_setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(type(self).__record_fields__, state, strict=True):
        object.__setattr__(self, name, value)


def _process(cls: type, init: bool, repr: bool, eq: bool, order: bool, unsafe_hash: bool,
             frozen: bool, slots: bool) -> type:
    fields = _collect(cls)
    for base in cls.__mro__[1:]:
        base_params = base.__dict__.get("__record_params__")
        if base_params is not None and base_params.frozen != frozen:
            raise TypeError("cannot inherit frozen record from a non-frozen one" if frozen else
                            "cannot inherit non-frozen record from a frozen one")
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    class_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in cls.__dict__))
    if unsafe_hash:
        if explicit_hash:
            raise TypeError(f"cannot overwrite attribute __hash__ in class {cls.__name__}")
        hash_action = "add"
    elif eq and not explicit_hash:
        hash_action = "add" if frozen else "none"
    else:
        hash_action = "keep"
    # remove the class attributes that hold Field()s; plain defaults stay as in dataclasses
    for name, f in fields.items():
        if isinstance(cls.__dict__.get(name), Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    made: list[type] = []
    methods = _methods(cls, fields, init=init, repr=repr, eq=eq, order=order, frozen=frozen,
                       hash_action=hash_action, made=made)
    for name, fn in methods.items():
        if name in cls.__dict__ and name != "__hash__":
            if name in ("__lt__", "__le__", "__gt__", "__ge__", "__setattr__", "__delattr__"):
                raise TypeError(f"cannot overwrite attribute {name} in class {cls.__name__}")
            continue  # a method the class wrote itself wins, as in dataclasses
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, fn)
    if hash_action == "none":
        cls.__hash__ = None  # type: ignore[assignment]
    params = _Params(init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=True, slots=slots)
    cls.__record_fields__ = fields  # type: ignore[attr-defined]
    cls.__record_params__ = params  # type: ignore[attr-defined]
    cls.__dataclass_params__ = params  # type: ignore[attr-defined]
    cls.__dataclass_fields__ = _LazyDataclassFields()  # type: ignore[attr-defined]
    if "__match_args__" not in cls.__dict__:
        setattr(cls, "__match_args__", tuple(n for n, f in fields.items() if f.init))  # noqa: B010
    if not getattr(cls, "__doc__", None):
        cls.__doc__ = f"{cls.__name__}({_FIELD_SEP.join(fields)})"
    if slots:
        cls = _with_slots(cls, fields, frozen)
    made.append(cls)
    return cls


def _with_slots(cls: type, fields: dict[str, Field], frozen: bool) -> type:
    namespace = dict(cls.__dict__)
    inherited = {s for base in cls.__mro__[1:-1] for s in base.__dict__.get("__slots__", ())}
    own = tuple(n for n in fields if n not in inherited)
    namespace["__slots__"] = own
    for name in own:
        namespace.pop(name, None)  # a default would clash with the slot of the same name
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    qualname = getattr(cls, "__qualname__", None)
    new = type(cls)(cls.__name__, cls.__bases__, namespace)
    if qualname is not None:
        new.__qualname__ = qualname
    if frozen:
        if "__getstate__" not in namespace:
            setattr(new, "__getstate__", _frozen_getstate)  # noqa: B010
        if "__setstate__" not in namespace:
            setattr(new, "__setstate__", _frozen_setstate)  # noqa: B010
    return new


def dataclass(cls: type | None = None, /, *, init: bool = True, repr: bool = True, eq: bool = True,
              order: bool = False, unsafe_hash: bool = False, frozen: bool = False,
              slots: bool = False) -> Any:
    """As :func:`dataclasses.dataclass`, for the options above."""

    def wrap(c: type) -> type:
        return _process(c, init, repr, eq, order, unsafe_hash, frozen, slots)

    return wrap if cls is None else wrap(cls)


def fields(class_or_instance: Any) -> tuple[Field, ...]:
    """The record's fields, in order (as :func:`dataclasses.fields`; records only)."""
    cls = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    try:
        found: dict[str, Field] = cls.__record_fields__  # type: ignore[attr-defined]
    except AttributeError:
        if "dataclasses" in sys.modules:  # a real dataclass
            return sys.modules["dataclasses"].fields(class_or_instance)  # type: ignore[no-any-return]
        raise TypeError("must be called with a record type or instance") from None
    return tuple(found.values())


def replace(obj: Any, /, **changes: Any) -> Any:
    """A copy with some fields changed (as :func:`dataclasses.replace`)."""
    try:
        found: dict[str, Field] = type(obj).__record_fields__
    except AttributeError:
        import dataclasses

        return dataclasses.replace(obj, **changes)
    for name, f in found.items():
        if not f.init:
            if name in changes:
                raise ValueError(f"field {name} is declared with init=False, it cannot be specified "
                                 "with replace()")
            continue
        if name not in changes:
            changes[name] = getattr(obj, name)
    return obj.__class__(**changes)


if __name__ == "__main__":  # scripts/setup: compile the records' methods of these packages once
    import importlib
    import pkgutil

    for name in sys.argv[1:] or ["companion.rules"]:  # packages (all their modules) or modules
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(getattr(package, "__path__", []), f"{name}."):
            importlib.import_module(info.name)
    # this very module ran as __main__: the records were made by the imported copy
    records = sys.modules["companion.rules._records"]
    files = records.save_codes(force=True, only_used=True)
    print(f"{sum(map(len, records._USED.values()))} records' methods compiled, in {files} files")
