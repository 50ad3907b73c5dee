"""How the rules core declares its records: :mod:`dataclasses` to a type checker, the same
classes made by :mod:`companion.rules._records` at run time, without importing
:mod:`dataclasses` (a referee query is a whole process; issue 18).

Write ``from companion.rules.records import dataclass, field`` where a rules module would
write ``from dataclasses import ...``; ``tests/rules/test_records.py`` keeps the two alike.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
    from dataclasses import field as field
    from dataclasses import fields as fields
    from dataclasses import replace as replace
else:
    from companion.rules._records import dataclass, field, fields, replace

__all__ = ["dataclass", "field", "fields", "replace"]
