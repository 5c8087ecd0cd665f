"""One error shape: every error a person reads is a reason template with its parameters."""

from __future__ import annotations

import pytest

from companion.config import ConfigError
from companion.games.cards import CardError
from companion.games.names import reason
from companion.lib.files import InputFileError
from companion.state.errors import JournalDamaged, JournalError
from companion.state.tags import TagError
from drivers.errors import DeviceNotFound, DriverConfigError, DriverError
from engine.errors import N_, IllegalEvent, InvalidInput, Reasoned

#: Drivers know nothing of the engine: their errors have the shape without its class.
Told = Reasoned | DriverError | DriverConfigError

EXAMPLES: list[tuple[Told, str]] = [
    (IllegalEvent(N_("Lane {lane} is empty"), lane=2), "Lane 2 is empty"),
    (InvalidInput("players[1]", N_("must be a table")), "players[1]: must be a table"),
    (CardError("value", N_("a {kind} card needs a value"), kind="player"),
     "value: a player card needs a value"),
    (TagError("uid", N_("must be hexadecimal bytes, like 04 a3 1f 2b"), line=3),
     "line 3: uid: must be hexadecimal bytes, like 04 a3 1f 2b"),
    (InputFileError("tags.csv", N_("a folder, not a file")), "tags.csv: a folder, not a file"),
    (ConfigError("companion.toml", "companion.language", N_("must be a string")),
     "companion.toml: companion.language: must be a string"),
    (JournalDamaged(N_("{file} is not a journal"), file="x.sqlite3"), "x.sqlite3 is not a journal"),
    (DeviceNotFound("display", "not found (No such device)", "the wiring"),
     "display: not found (No such device). Check: the wiring"),
    (DriverError("reader", "stopped answering"), "reader: stopped answering"),
    (DriverConfigError("display.address", "must be between 0x03 and 0x77"),
     "display.address: must be between 0x03 and 0x77"),
]


@pytest.mark.parametrize(("error", "text"), EXAMPLES, ids=lambda item: type(item).__name__)
def test_every_error_says_itself_the_same_way_in_english(error: Told, text: str) -> None:
    assert isinstance(error, Reasoned) != isinstance(error, (DriverError, DriverConfigError))
    assert str(error) == text
    assert error.reason.format(**error.params) in text
    # The appliance's translation reads the same three attributes of every one of them.
    assert reason(error, "en") == text.removeprefix("line 3: ")


def test_french_comes_from_the_same_shape() -> None:
    assert reason(IllegalEvent(N_("The game is over")), "fr") == "La partie est terminée"
    error = InputFileError("tags.csv", N_("a folder, not a file"))
    assert reason(error, "fr") == "tags.csv: un dossier, pas un fichier"


def test_value_errors_stay_value_errors_and_the_others_do_not_become_one() -> None:
    for error, _ in EXAMPLES:
        if isinstance(error, (JournalError, DriverError)):
            assert not isinstance(error, ValueError)
        else:
            assert isinstance(error, ValueError)


def test_the_two_configuration_errors_have_their_own_names() -> None:
    assert ConfigError.__name__ != DriverConfigError.__name__
    assert not issubclass(DriverConfigError, ConfigError)


def test_a_field_set_later_is_part_of_the_message() -> None:
    error = InvalidInput("", N_("must be a table"))
    error.field = "rules"
    assert str(error) == "rules: must be a table"
