"""The catalogues match the code: every message marked in engine/ and companion/ is translated.

When one of these fails after you add or reword a message:

    python -m companion.i18n.catalog update     # new messages arrive empty, reworded ones fuzzy
    (translate them in companion/i18n/locale/fr/LC_MESSAGES/companion.po, remove "#, fuzzy")
    python -m companion.i18n.catalog compile
    python -m companion.i18n.catalog check      # what is still missing
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from companion.i18n import catalog as i18n_catalog
from companion.i18n.catalog import (
    HINT_WIDTH,
    Problem,
    check,
    compiled,
    extract,
    fields,
    mo_messages,
    mo_path,
    po_path,
    read,
    take_translations,
)

HOW_TO_FIX = ("run `python -m companion.i18n.catalog update`, translate the new entries in "
              "companion/i18n/locale/fr/LC_MESSAGES/companion.po, then `... compile`")


@pytest.fixture(scope="module")
def problems() -> list[Problem]:
    return check()


def report(problems: list[Problem], kind: str) -> list[str]:
    return [str(p) for p in problems if p.kind.startswith(kind)]


def test_every_message_of_the_code_has_a_french_translation(problems: list[Problem]) -> None:
    missing = report(problems, "untranslated") + report(problems, "no catalogue")
    assert not missing, f"{len(missing)} message(s) to translate; {HOW_TO_FIX}:\n" + \
        "\n".join(missing)


def test_the_french_catalogue_has_no_fuzzy_entry(problems: list[Problem]) -> None:
    fuzzy = report(problems, "fuzzy")
    assert not fuzzy, "review these translations and remove their fuzzy flag:\n" + \
        "\n".join(fuzzy)
    catalog = read(po_path("fr"), "fr")
    assert not [m.id for m in catalog if m.id and m.fuzzy]


def test_placeholders_are_the_same_in_translations(problems: list[Problem]) -> None:
    wrong = report(problems, "placeholders") + report(problems, "bad placeholder")
    assert not wrong, "\n".join(wrong)


def test_hints_fit_the_bottom_line(problems: list[Problem]) -> None:
    long = report(problems, "hint too long")
    assert not long, f"hint lines hold {HINT_WIDTH} characters:\n" + "\n".join(long)


def test_the_compiled_catalogue_matches_the_po_file() -> None:
    catalog = read(po_path("fr"), "fr")
    shipped = mo_messages(mo_path("fr").read_bytes())
    assert shipped == mo_messages(compiled(catalog)), \
        "companion.mo is out of date: run `python -m companion.i18n.catalog compile`"
    assert len(shipped) == len([m for m in catalog if m.id])


def test_check_command_exits_1_on_problems(problems: list[Problem],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert i18n_catalog.main(["check"]) == (1 if problems else 0)
    out = capsys.readouterr().out
    assert ("catalogues complete" in out) is not bool(problems)
    assert all(str(problem) in out for problem in problems)


# --- The check catches what it must ----------------------------------------------------------

def write_sources(root: Path, engine: str, companion: str) -> None:
    for folder, text in (("engine", engine), ("companion", companion)):
        (root / folder).mkdir(parents=True)
        (root / folder / "new.py").write_text(text, encoding="utf-8")


def test_a_new_message_without_translation_is_reported(tmp_path: Path) -> None:
    write_sources(
        tmp_path,
        engine='raise IllegalEvent(N_("A rule nobody translated yet"))\n',
        companion='title = self._("A screen nobody translated yet")\n'
                  'hint = _("ok:go  back:stop")\n'
                  'name = pgettext("freight-train/wagon", "Coal")\n'
                  'old = N_("The game is over")\n',
    )
    template = extract(tmp_path)
    found = {(m.context, m.id) for m in template if m.id}
    assert found == {(None, "A rule nobody translated yet"),
                     (None, "A screen nobody translated yet"), (None, "ok:go  back:stop"),
                     ("freight-train/wagon", "Coal"), (None, "The game is over")}
    untranslated = {p.message for p in check(tmp_path, template) if p.kind == "untranslated"}
    assert untranslated == {"A rule nobody translated yet", "A screen nobody translated yet",
                            "ok:go  back:stop"}


def test_placeholders_that_differ_are_reported() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Lane {lane} is empty", "La voie {voie} est vide")
    catalog.add("{name} {gain:+d}", "{name} {gain}")
    catalog.add("{count} token", "un jeton {count}")
    catalog.add(("{count} event", "{count} events"), ("un événement", "{count} événements"))
    catalog.add("Broken {name}", "Cassé {name")
    template = Catalog()
    for message in catalog:
        if message.id:
            template.add(message.id)
    kinds = {p.message: p.kind for p in i18n_catalog._check_translation("fr", template, catalog)}
    assert kinds == {"Lane {lane} is empty": "placeholders differ",
                     "{name} {gain:+d}": "placeholders differ",
                     "Broken {name}": "bad placeholder"}


def test_hints_that_do_not_fit_are_reported() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("ok:menu  back:undo", "ok:menu  back:annuler le coup")
    template = Catalog()
    template.add("ok:menu  back:undo")
    assert [p.kind for p in i18n_catalog._check_translation("fr", template, catalog)] == [
        "hint too long"]


def test_fields_are_read_as_written() -> None:
    assert fields("{a} {b!r} {c:>3} {{d}}") == {"{a}", "{b!r}", "{c:>3}"}
    with pytest.raises(ValueError):
        fields("{unclosed")


def test_a_merge_takes_translations_only_of_the_same_form() -> None:
    ours = Catalog(locale="fr")
    ours.add(("{count} card", "{count} cards"), ("", ""))
    ours.add("Undo", "", flags=["fuzzy"])
    theirs = Catalog(locale="fr")
    theirs.add("{count} card", "{count} carte(s)")  # the message before it became plural
    theirs.add("Undo", "Annuler")
    assert take_translations(ours, theirs) == 1
    assert ours.get("Undo").string == "Annuler" and not ours.get("Undo").fuzzy
    assert ours.get("{count} card").string == ("", "")


def test_doctests() -> None:
    assert doctest.testmod(i18n_catalog).failed == 0
