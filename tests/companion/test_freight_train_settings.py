"""Freight Train's readings of its rules: said by `companion games --rules`, chosen in the
configuration like every other table choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli.main import main
from companion.config import ConfigError, parse_config
from engine.games.freight_train import RULES


@pytest.mark.parametrize(("language", "readings"), [
    ("en", ("in the order you choose", "setting 'tie for second cancels type' (on by default)",
            "nobody scores that type, the leader included", "only second place is cancelled",
            "rearranging and passing always cost 1 token, even at zero")),
    ("fr", ("dans l'ordre que vous choisissez", "« égalité pour la deuxième place annule le "
            "type » (actif par défaut)", "personne ne marque pour ce type, le premier compris",
            "seule la deuxième place est annulée",
            "réarranger et passer coûtent toujours 1 jeton, même à zéro")),
])
def test_the_rule_readings_are_listed_in_both_languages(
        language: str, readings: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """"Aucun joueur ne reçoit de jetons pour ce type de wagon", "dans n'importe quel ordre
    qu'il souhaite", "coûtera toujours 1 jeton, même si un joueur passe": each reading the
    companion chose is printed for the players, in their language."""
    assert main(["--lang", language, "games", "--rules", "freight-train"]) == 0
    printed = capsys.readouterr().out
    for reading in readings:
        assert reading in printed


@pytest.mark.parametrize("value", [True, False])
def test_rule_6_is_chosen_in_the_freight_train_section(value: bool) -> None:
    """"Si deux joueurs sont à égalité pour le deuxième plus long train d'un type donné de
    wagon, aucun joueur ne reçoit de jetons pour ce type de wagon": the table may keep that
    reading (the default) or cancel second place only."""
    text = f"[freight-train]\ntie_for_second_cancels_type = {str(value).lower()}\n"
    chosen = parse_config(text).game_settings("freight-train")
    assert chosen == {"tie_for_second_cancels_type": value}
    state = RULES.new_game(("Ana", "Ben"), settings=chosen)
    assert state.settings.tie_for_second_cancels_type is value
    assert RULES.new_game(("Ana", "Ben")).settings.tie_for_second_cancels_type is True


def test_a_wrong_value_for_rule_6_is_refused_in_one_line() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config('[freight-train]\ntie_for_second_cancels_type = "yes"\n')
    assert caught.value.key == "freight-train.tie_for_second_cancels_type"
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("value", "language", "reading"), [
    (None, "en", "In force: rule 6 as written: a tie for second place cancels the whole type"),
    (False, "en", "In force: the lenient reading of rule 6: a tie for second place cancels "
                  "second place only"),
    (True, "fr", "En vigueur : la règle 6 telle qu'écrite"),
    (False, "fr", "En vigueur : la lecture souple de la règle 6"),
])
def test_the_reading_of_rule_6_in_force_is_said_from_the_configuration(
        value: bool | None, language: str, reading: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text("" if value is None else
                      f"[freight-train]\ntie_for_second_cancels_type = {str(value).lower()}\n")
    assert main(["--lang", language, "games", "--rules", "freight-train",
                 "--config", str(config)]) == 0
    printed = capsys.readouterr().out
    assert f"- {reading}" in printed
    assert str(config) in printed  # where the settings in force come from
    assert "mixed_train_scores = true" in printed


def test_a_configuration_that_cannot_be_read_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "games", "--rules", "freight-train",
                 "--config", str(tmp_path / "missing.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion games: ") and err.count("\n") == 1
