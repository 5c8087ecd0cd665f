"""Keep the gettext catalogues in step with the code: `python -m companion.i18n.catalog CMD`.

- `extract`: collect every marked message of `engine/` (`N_`, `NP_`) and `companion/` (`_`,
  `N_`, `NP_`, `gettext`, `ngettext`, `pgettext`, `npgettext`, `NC_`) into
  `companion/i18n/locale/companion.pot`;
- `update`: extract, then merge into each translation (`fr`): new messages arrive empty,
  reworded ones arrive marked fuzzy with the old translation to review, vanished ones go;
- `compile`: write each `companion.mo` from its `companion.po` (the runtime reads only these);
- `check`: list what is missing: untranslated or fuzzy messages, placeholders that differ,
  hints too long for the screen, a `.mo` older than its `.po`. Exit status 1 when any.

Messages are English: English needs no catalogue. Babel is needed here, never at run time.
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.i18n.translate import DOMAIN, LOCALE_DIR

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: Languages with a catalogue (English is the language of the messages themselves).
TRANSLATED = ("fr",)

_COMPANION_KEYWORDS: dict[str, Any] = {
    "_": None, "N_": None, "NP_": (1, 2), "gettext": None, "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3), "NC_": ((1, "c"), 2),
}  # fmt: skip
#: Where messages come from, and the functions that mark them there.
SOURCES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("engine", {"N_": None, "NP_": (1, 2)}),
    ("companion", _COMPANION_KEYWORDS),
)
#: Dates in the catalogue headers are fixed, so files change only when messages do.
HEADER_DATE = datetime(2025, 1, 1, tzinfo=UTC)
#: A hint line ("ok:menu  back:undo") must fit the screen's bottom line.
HINT = re.compile(r"\b(ok|back|tap):")
HINT_WIDTH = 21


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def _babel() -> Any:
    try:
        import babel.messages  # noqa: F401
    except ImportError:  # pragma: no cover - depends on the environment
        sys.exit("Babel is needed for the catalogue commands: pip install -e '.[test]'")
    from babel.messages import catalog, extract, mofile, pofile

    return catalog, extract, mofile, pofile


def extract(root: Path = ROOT) -> Catalog:
    """Every message marked in the code under `root`, as a template catalogue."""
    catalog_mod, extract_mod, _mofile, _pofile = _babel()
    template: Catalog = catalog_mod.Catalog(
        domain=DOMAIN, project="tabletop-companion", charset="utf-8", fuzzy=False,
        creation_date=HEADER_DATE, revision_date=HEADER_DATE,
        header_comment="# Messages of the tabletop companion, from engine/ and companion/.",
    )
    for folder, keywords in SOURCES:
        found = extract_mod.extract_from_dir(
            root / folder, [("**.py", "python")], keywords=keywords,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            template.add(message, None, [(f"{folder}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def read(path: Path, language: str | None = None) -> Catalog:
    _catalog, _extract, _mofile, pofile = _babel()
    with path.open("rb") as handle:
        result: Catalog = pofile.read_po(handle, locale=language, domain=DOMAIN)
    return result


def write(path: Path, catalog: Catalog) -> bool:
    """Write `catalog` as a .po/.pot file; returns whether the file changed."""
    _catalog, _extract, _mofile, pofile = _babel()
    buffer = io.BytesIO()
    pofile.write_po(buffer, catalog, width=100, sort_output=True, ignore_obsolete=True,
                    include_lineno=False)
    data = buffer.getvalue()
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def compiled(catalog: Catalog) -> bytes:
    """`catalog` compiled to .mo bytes (fuzzy entries left out, as gettext does)."""
    _catalog, _extract, mofile, _pofile = _babel()
    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def mo_messages(data: bytes) -> dict[tuple[str | None, Any], Any]:
    """The messages of .mo bytes: (context, msgid) -> msgstr, header left out."""
    _catalog, _extract, mofile, _pofile = _babel()
    catalog = mofile.read_mo(io.BytesIO(data))
    return {(m.context, _hashable(m.id)): _hashable(m.string) for m in catalog if m.id}


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def update(root: Path = ROOT) -> list[str]:
    """Extract, rewrite the template and merge it into each translation; returns what changed."""
    catalog_mod, _extract, _mofile, _pofile = _babel()
    template = extract(root)
    changed = [str(TEMPLATE)] if write(TEMPLATE, template) else []
    for language in TRANSLATED:
        path = po_path(language)
        if path.exists():
            catalog = read(path, language)
        else:
            catalog = catalog_mod.Catalog(locale=language, domain=DOMAIN, fuzzy=False)
        catalog.update(template, update_creation_date=False)
        _set_header(catalog, language)
        if write(path, catalog):
            changed.append(str(path))
    return changed


#: Plural rules as the translations are written (Babel's CLDR data would give French a third
#: form for millions, which no message here needs).
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}
LANGUAGE_NAMES = {"fr": "French"}


def _set_header(catalog: Catalog, language: str) -> None:
    catalog.header_comment = (f"# {LANGUAGE_NAMES[language]} translations of the tabletop "
                              "companion's messages.\n# Update with `python -m "
                              "companion.i18n.catalog update`, compile with `... compile`.")
    catalog.project, catalog.version = "tabletop-companion", "1.0"
    catalog.creation_date = catalog.revision_date = HEADER_DATE
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "tabletop-companion contributors"
    catalog.language_team = LANGUAGE_NAMES[language]
    catalog.fuzzy = False
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]


def merge(paths: Sequence[Path], language: str = "fr") -> int:
    """Take the translations of other .po files (e.g. sent by a contributor) into the catalogue.

    Only messages the code uses are taken; returns how many translations were set.
    """
    update()
    target = po_path(language)
    catalog = read(target, language)
    taken = sum(take_translations(catalog, read(path, language)) for path in paths)
    write(target, catalog)
    compile_all()
    return taken


def take_translations(catalog: Catalog, other: Catalog) -> int:
    """Set `catalog`'s translations from `other`'s, for the messages both have in the same
    form (singular or plural); returns how many changed."""
    taken = 0
    for message in other:
        if not message.id or not _translated(message):
            continue
        ours = catalog.get(message.id, context=message.context)
        if ours is None or ours.pluralizable != message.pluralizable:
            continue  # a message that became plural (or singular) is translated anew
        if ours.string != message.string or ours.fuzzy:
            ours.string = message.string
            ours.flags.discard("fuzzy")
            taken += 1
    return taken


def compile_all() -> list[str]:
    """Write every .mo from its .po; returns the files written."""
    written = []
    for language in TRANSLATED:
        data = compiled(read(po_path(language), language))
        target = mo_path(language)
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            written.append(str(target))
    return written


@dataclass(frozen=True)
class Problem:
    """One thing to fix in a catalogue; `str()` is a line for the terminal."""

    language: str
    kind: str
    message: str
    detail: str = ""

    def __str__(self) -> str:
        detail = f": {self.detail}" if self.detail else ""
        return f"{self.language}: {self.kind}: {self.message!r}{detail}"


def check(root: Path = ROOT, template: Catalog | None = None) -> list[Problem]:
    """Everything that stops the catalogues from matching the code under `root`."""
    template = template if template is not None else extract(root)
    problems = [Problem("en", "hint too long", _text(m.id), f"at most {HINT_WIDTH} characters")
                for m in _messages(template) if _too_long_hint(_text(m.id))]
    for language in TRANSLATED:
        path = po_path(language)
        if not path.exists():
            problems.append(Problem(language, "no catalogue", str(path)))
            continue
        catalog = read(path, language)
        problems += _check_translation(language, template, catalog)
        if not mo_path(language).exists():
            problems.append(Problem(language, "not compiled", str(mo_path(language))))
        elif mo_messages(mo_path(language).read_bytes()) != mo_messages(compiled(catalog)):
            problems.append(Problem(language, "compiled catalogue is out of date",
                                    str(mo_path(language))))
    return problems


def _check_translation(language: str, template: Catalog, catalog: Catalog) -> Iterator[Problem]:
    for wanted in _messages(template):
        message = catalog.get(wanted.id, wanted.context)
        label = _text(wanted.id)
        if message is None or not _translated(message):
            where = ", ".join(sorted({file for file, _line in wanted.locations}))
            yield Problem(language, "untranslated", label, where)
            continue
        if message.fuzzy:
            yield Problem(language, "fuzzy (review it, then remove the fuzzy flag)", label)
        yield from _check_fields(language, message)
        for text in _strings(message.string):
            if (_is_hint(label) or _is_hint(text)) and len(text) > HINT_WIDTH:
                yield Problem(language, "hint too long", label,
                              f"{text!r} has {len(text)} characters, at most {HINT_WIDTH}")


def _check_fields(language: str, message: Message) -> Iterator[Problem]:
    """Placeholders such as {name} must be the same in the translation as in the message."""
    sources = _strings(message.id)
    try:
        wanted = set().union(*(fields(text) for text in sources))
    except ValueError as error:
        yield Problem(language, "bad placeholder in the message", _text(message.id), str(error))
        return
    for text in _strings(message.string):
        try:
            found = fields(text)
        except ValueError as error:
            yield Problem(language, "bad placeholder", _text(message.id), f"{text!r}: {error}")
            continue
        # A plural's singular form may leave out the count ("un jeton" for "{count} token").
        if found - wanted or (len(sources) == 1 and found != wanted):
            yield Problem(language, "placeholders differ", _text(message.id),
                          f"{sorted(found)} in {text!r}, expected {sorted(wanted)}")


def fields(text: str) -> set[str]:
    """The replacement fields of a `str.format` template, written as in the text.

    >>> sorted(fields("{name} {gain:+d} = {total} {game!r} {{literal}}"))
    ['{gain:+d}', '{game!r}', '{name}', '{total}']
    """
    found = set()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            found.add("{" + name + (f"!{conversion}" if conversion else "")
                      + (f":{spec}" if spec else "") + "}")
    return found


def _messages(catalog: Catalog) -> Iterable[Message]:
    return (message for message in catalog if message.id)


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value or "",)


def _text(msgid: Any) -> str:
    return msgid[0] if isinstance(msgid, (tuple, list)) else str(msgid)


def _translated(message: Message) -> bool:
    return all(text.strip() for text in _strings(message.string))


def _is_hint(text: str) -> bool:
    return bool(HINT.search(text))


def _too_long_hint(text: str) -> bool:
    return _is_hint(text) and len(text) > HINT_WIDTH


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.i18n.catalog",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "merge"))
    parser.add_argument("files", nargs="*", type=Path,
                        help="with merge: .po files whose translations to take")
    args = parser.parse_args(argv)
    if args.command == "extract":
        changed = write(TEMPLATE, extract())
        print(f"{TEMPLATE}: {'written' if changed else 'unchanged'}")
    elif args.command == "update":
        for path in update() or ["nothing changed"]:
            print(path)
        print("Now translate the empty and fuzzy entries, then run: "
              "python -m companion.i18n.catalog compile")
    elif args.command == "merge":
        print(f"{merge(args.files)} translation(s) taken")
    elif args.command == "compile":
        for path in compile_all() or ["all .mo files up to date"]:
            print(path)
    else:
        problems = check()
        for problem in problems:
            print(problem)
        if problems:
            print(f"{len(problems)} problem(s): run `python -m companion.i18n.catalog update`, "
                  "translate, then `compile`", file=sys.stderr)
            return 1
        print("catalogues complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
