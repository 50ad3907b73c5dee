"""Strings ready for translation: a gettext-style ``_()`` and the English catalogue.

Every string a player reads goes through ``_()``. The catalogue lives in
``companion/ui/locale/<lang>/LC_MESSAGES/companion.po`` (plain ``msgid``/``msgstr`` pairs, read
here without compiling to ``.mo``); English is the source language, so its ``msgstr`` are
empty and ``_()`` returns the ``msgid``. :func:`extract_messages` lists every literal passed to
``_()`` in the ui package, so a test can check the catalogue is complete.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "companion"

_catalogue: dict[str, str] = {}
_loaded: str | None = None  # the catalogue file _catalogue was read from


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == '"' and "\\" not in text:
        return text[1:-1]  # no escapes: the text itself (literal_eval is ~20 us a line)
    value = ast.literal_eval(text)
    return value if isinstance(value, str) else ""


def read_po(path: Path) -> dict[str, str]:
    """``msgid -> msgstr`` from a ``.po`` file (multi-line strings joined)."""
    out: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None

    def flush() -> None:
        if msgid is not None and msgstr is not None:
            key = "".join(msgid)
            if key:
                out[key] = "".join(msgstr)

    for raw in path.read_text("utf-8").splitlines():
        line = raw.strip()
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [_unquote(line[6:])], None
            current = msgid
        elif line.startswith("msgstr "):
            msgstr = [_unquote(line[7:])]
            current = msgstr
        elif line.startswith('"') and current is not None:
            current.append(_unquote(line))
    flush()
    return out


def set_language(lang: str | None = None) -> str:
    """Load the catalogue for ``lang`` (default ``$COMPANION_LANG``, else English)."""
    global _catalogue, _loaded
    lang = lang or os.environ.get("COMPANION_LANG") or "en"
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if str(path) == _loaded:  # the app sets the language it has at import again: read it once
        return lang
    _catalogue = read_po(path) if path.is_file() else {}
    _loaded = str(path)
    return lang


def _(message: str) -> str:
    """The message in the chosen language; the English text when there is no translation."""
    return _catalogue.get(message) or message


def extract_messages(root: Path | None = None) -> list[str]:
    """Every string literal passed to ``_()`` in the ui package's Python and ``.kv`` files."""
    root = root or Path(__file__).parent
    found: dict[str, None] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "_" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found[node.args[0].value] = None
    for path in sorted(root.rglob("*.kv")):
        for line in path.read_text("utf-8").splitlines():
            start = line.find("_(")
            while start != -1:
                rest = line[start + 2:].lstrip()
                if rest[:1] in ("'", '"'):
                    end = rest.find(rest[0], 1)
                    if end > 0:
                        found[rest[1:end]] = None
                start = line.find("_(", start + 2)
    return list(found)


def write_catalogue(path: Path, messages: list[str]) -> None:
    """Write an English ``.po`` file for ``messages`` (msgstr empty: English is the source)."""
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for m in messages:
        escaped = m.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        lines += [f'msgid "{escaped}"', 'msgstr ""', ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), "utf-8")


set_language()


if __name__ == "__main__":  # python -m companion.ui.i18n: refresh the English catalogue
    target = LOCALE_DIR / "en" / "LC_MESSAGES" / f"{DOMAIN}.po"
    write_catalogue(target, extract_messages())
    print(f"{target}: {len(extract_messages())} messages")
