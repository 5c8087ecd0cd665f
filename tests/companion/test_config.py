"""The configuration file: defaults, the example, and every kind of mistake refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import config as config_module
from companion.config import Config, ConfigError, load_config, parse_config
from companion.games.names import reason
from companion.lib.files import MAX_CONFIG_BYTES
from companion.publish.scoreboard import Scoreboard
from engine.registry import GAMES
from engine.tomlkeys import MAX_KEY_PARTS, long_key_line

EXAMPLE = Path(__file__).parents[2] / "examples" / "config.toml"


def refused(text: str, source: str = "test.toml") -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, source)
    error = caught.value
    assert "\n" not in str(error)
    assert str(error).startswith(f"{source}: ")
    return error


# --- Defaults and the example -------------------------------------------------------------------


def test_no_file_at_all_simulates_everything(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setattr(config_module, "DEFAULT_PATH", tmp_path / "absent.toml")
    config = load_config()
    assert config == Config()
    assert config.simulated
    assert config.reader == config.buttons == config.display == {"kind": "sim"}
    assert (config.language, config.game, config.notice_seconds) == (None, "freight-train", 2.0)
    assert config.log_level == "info"
    assert config.state_dir is None


def test_the_default_path_is_read_when_it_exists(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[companion]\nlanguage = "fr"\n', encoding="utf-8")
    monkeypatch.setattr(config_module, "DEFAULT_PATH", path)
    config = load_config()
    assert config.language == "fr"
    assert config.source == str(path)


def test_an_empty_file_gives_the_defaults() -> None:
    assert parse_config("", "empty.toml") == Config(source="empty.toml")


def test_the_example_for_a_pi() -> None:
    config = load_config(EXAMPLE)
    assert config.players == ("Ana", "Ben", "Cléo")
    assert config.first_player == "Ana" and config.first_seat == 0
    assert config.reader["kind"] == "mfrc522"
    assert config.buttons["pins"] == {"up": 5, "down": 6, "ok": 13, "back": 19}
    assert config.display == {"kind": "ssd1306", "interface": "i2c", "port": 1, "address": 0x3C}
    assert not config.simulated
    assert config.game_settings("freight-train")["turn_sequence"] == "token-passes-left"


def test_the_example_is_accepted_by_the_drivers_and_the_engine() -> None:
    from drivers.config import parse_settings
    from engine.registry import GAMES

    config = load_config(EXAMPLE)
    settings = parse_settings(config.driver_sections())
    assert settings.display.address == 0x3C and settings.buttons.encoder is not None
    rules = GAMES[config.game]
    state = rules.new_game(config.players, config.game_settings(config.game),
                           first=config.first_seat)
    assert state.settings.mixed_train_scores is True


def test_driver_sections_pass_through_unchanged() -> None:
    # The drivers check their own sections, even keys this loader has never heard of.
    config = parse_config('[reader]\nkind = "rdm6300"\nport = "/dev/serial0"\nfuture = [1, 2]\n'
                          "[display]\nkind = \"sh1106\"\n")
    assert config.reader == {"kind": "rdm6300", "port": "/dev/serial0", "future": [1, 2]}
    assert config.display == {"kind": "sh1106"}
    assert config.buttons == {"kind": "sim"}


def test_a_drivers_error_is_reported_with_the_file(tmp_path: Path) -> None:
    from drivers.config import parse_settings
    from drivers.errors import DriverConfigError

    path = tmp_path / "config.toml"
    path.write_text('[display]\nkind = "ssd1306"\naddress = 0x99\n', encoding="utf-8")
    config = load_config(path)
    with pytest.raises(DriverConfigError) as caught:
        parse_settings(config.driver_sections())
    error = config.driver_error(caught.value)
    assert error.key == "display.address"
    assert str(error).startswith(f"{path}: display.address: must be between")


def test_a_relative_state_dir_is_taken_from_the_files_folder(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[companion]\nstate_dir = "state"\n', encoding="utf-8")
    assert load_config(path).state_dir == tmp_path / "state"
    path.write_text('[companion]\nstate_dir = "/var/lib/companion"\n', encoding="utf-8")
    assert load_config(path).state_dir == Path("/var/lib/companion")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_a_section_checked_against_its_settings(game: str) -> None:
    assert parse_config(f"[{game}]\n").game_settings(game) == {}
    assert refused(f"[{game}]\nno_such_setting = 1\n").key == f"{game}.no_such_setting"


def test_game_settings_in_their_json_form() -> None:
    config = parse_config('[freight-train]\nturn_sequence = "continuous"\n'
                          "tokens_below_zero = true\n")
    assert config.game_settings("freight-train") == {"turn_sequence": "continuous",
                                                     "tokens_below_zero": True}
    assert config.game_settings("whistle-stop") == {}


# --- Mistakes ----------------------------------------------------------------------------------


def test_a_toml_syntax_error_names_line_and_column() -> None:
    error = refused('[companion]\nlanguage = fr\n')
    assert (error.line, error.column) == (2, 12)
    assert str(error) == "test.toml: line 2, column 12: Invalid value"


def test_a_syntax_error_at_the_end_of_the_document() -> None:
    error = refused('[companion]\nlanguage = "fr')
    assert (error.line, error.column) == (2, 15)
    assert "Unterminated string" in str(error)


def test_a_key_given_twice_is_a_syntax_error() -> None:
    error = refused('[companion]\ngame = "freight-train"\ngame = "freight-train"\n')
    assert error.line is not None


def test_an_unknown_key_in_the_companions_section() -> None:
    error = refused('[companion]\nlangage = "fr"\n')
    assert error.key == "companion.langage"
    assert "unknown key" in str(error) and "language" in str(error)


def test_an_unknown_section() -> None:
    error = refused('[screen]\nkind = "sim"\n')
    assert error.key == "screen"
    assert str(error).startswith("test.toml: screen: unknown section")


def test_a_top_level_key_outside_any_section() -> None:
    error = refused('language = "fr"\n')
    assert error.key == "language"


def test_a_section_that_is_not_a_table() -> None:
    assert refused('reader = "mfrc522"\n').key == "reader"


@pytest.mark.parametrize(("text", "key", "words"), [
    ('[companion]\nlanguage = "de"\n', "companion.language", "unknown language 'de'"),
    ("[companion]\nlanguage = 1\n", "companion.language", "expected text"),
    ('[companion]\nnotice_seconds = "two"\n', "companion.notice_seconds", "expected a number"),
    ("[companion]\nnotice_seconds = true\n", "companion.notice_seconds", "expected a number"),
    ("[companion]\nnotice_seconds = 0\n", "companion.notice_seconds", "more than 0"),
    ("[companion]\nnotice_seconds = nan\n", "companion.notice_seconds", "more than 0"),
    ("[companion]\nnotice_seconds = 31536000\n", "companion.notice_seconds", "at most 30"),
    ('[companion]\nplayers = "Ana"\n', "companion.players", "expected a list of names"),
    ('[companion]\nplayers = ["Ana", 2]\n', "companion.players", "expected a list of names"),
    ('[companion]\nplayers = ["Ana", " "]\n', "companion.players", "a name is empty"),
    ('[companion]\nplayers = ["Ana", "Ana"]\n', "companion.players", "listed twice"),
    ('[companion]\nplayers = ["Ana"]\n', "companion.players", "for 2 to 5"),
    ('[companion]\nplayers = ["A", "B"]\nfirst_player = "C"\n', "companion.first_player",
     "not one of companion.players"),
    ('[companion]\nfirst_player = "Ana"\n', "companion.first_player",
     "not one of companion.players"),
    ('[companion]\ngame = "monopoly"\n', "companion.game", "unknown game 'monopoly'"),
    ('[companion]\nstate_dir = ""\n', "companion.state_dir", "must not be empty"),
    ("[companion]\nstate_dir = 3\n", "companion.state_dir", "expected text"),
    ("[companion]\ndim_minutes = -1\n", "companion.dim_minutes", "from 0 (never) to 1440"),
    ("[companion]\nblank_minutes = inf\n", "companion.blank_minutes", "from 0 (never)"),
    ("[companion]\nblank_minutes = false\n", "companion.blank_minutes",
     "expected a number of minutes"),
    ("[web]\nport = 0\n", "web.port", "expected a port from 1 to 65535"),
    ('[web]\nport = "8080"\n', "web.port", "expected a port"),
    ('[web]\nport = 8080\naddress = ""\n', "web.address", "expected a host name"),
    ("[web]\nport = 8080\npath = 1\n", "web.path", "unknown key"),
    ('[freight-train]\nmixed_trains_score = true\n', "freight-train.mixed_trains_score",
     "unknown key"),
    ('[freight-train]\nmixed_train_scores = "yes"\n', "freight-train.mixed_train_scores",
     "expected true or false"),
    ('[freight-train]\nturn_sequence = "clockwise"\n', "freight-train.turn_sequence",
     "one of token-passes-left, continuous"),
])  # fmt: skip
def test_wrong_values_are_named(text: str, key: str, words: str) -> None:
    error = refused(text)
    assert error.key == key
    assert words in str(error)
    assert str(error).startswith(f"test.toml: {key}: ")


def test_a_named_file_must_exist(tmp_path: Path) -> None:
    path = tmp_path / "missing.toml"
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}: cannot read it: No such file or directory"


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('[companion]\nplayers = ["Cléo", "Ana"]\n'.encode("latin-1"))
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        load_config(path)


def test_the_refusal_reads_the_same_through_gettext() -> None:
    error = refused('[companion]\nlanguage = "de"\n')
    assert reason(error, "en") == str(error)
    assert reason(error, "fr").startswith("test.toml: companion.language: ")


@given(st.text(max_size=200))
def test_any_text_is_a_config_or_one_config_error(text: str) -> None:
    try:
        parse_config(text, "fuzz.toml")
    except ConfigError as error:
        assert "\n" not in str(error)


def test_a_file_too_large_or_a_folder_is_refused_before_parsing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    monkeypatch.setattr(config_module, "parse_config", lambda text, *a, **k: parsed.append(text))
    large = tmp_path / "large.toml"
    large.write_bytes(b"# padding\n" * (MAX_CONFIG_BYTES // 10 + 1))
    with pytest.raises(ConfigError, match="larger than 256 kB"):
        load_config(large)
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert str(caught.value) == f"{tmp_path}: a folder, not a file"
    assert parsed == []


def long_dotted_key(size: int) -> str:
    parts = [f"k{number}" for number in range(size // 6)]
    return "[reader]\n" + ".".join(parts) + " = 1\n"


def test_a_100_kb_dotted_key_is_refused_without_parsing_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # tomllib's work is quadratic in the parts of one dotted key: refused before it runs.
    calls: list[int] = []
    monkeypatch.setattr(config_module.tomllib, "loads", lambda text: calls.append(len(text)))
    text = long_dotted_key(100_000)
    assert len(text) > 100_000
    error = refused(text)
    assert str(error) == f"test.toml: line 2: a key of more than {MAX_KEY_PARTS} parts"
    assert calls == []


def test_keys_at_the_bound_are_parsed_and_the_check_is_one_pass() -> None:
    deepest = ".".join(["a"] * MAX_KEY_PARTS)
    assert long_key_line(f"{deepest} = 1\n") is None
    assert long_key_line(f"x = 1\n{deepest}.b = 1\n") == 2
    assert long_key_line(f'x = "{deepest}.b" # {deepest}.b\n[{deepest}.b]\n') == 2
    assert long_key_line(f"x = \"\"\"\n{deepest}.b\n\"\"\"\ny = 1.5\n") is None
    # With every key within the bound tomllib's work grows with the text: 100 kB of the
    # deepest keys allowed is read.
    prefix = "a." * (MAX_KEY_PARTS - 1)
    count = 100_000 // (len(prefix) + 16)
    lines = "".join(f"{prefix}k{number} = {number}\n" for number in range(count))
    table = parse_config("[reader]\n" + lines).reader
    for _ in range(MAX_KEY_PARTS - 1):
        table = table["a"]
    assert len(table) == count and table[f"k{count - 1}"] == count - 1


def test_the_panel_rests_by_default_and_zero_means_never() -> None:
    default = parse_config("")
    assert (default.dim_minutes, default.blank_minutes, default.web) == (2.0, 10.0, None)
    never = parse_config("[companion]\ndim_minutes = 0\nblank_minutes = 0.5\n")
    assert (never.dim_minutes, never.blank_minutes) == (0.0, 0.5)


def test_the_scoreboards_port_and_address() -> None:
    web = parse_config('[web]\nport = 8080\naddress = "192.168.1.9"\n').web
    assert web is not None and (web.port, web.address) == (8080, "192.168.1.9")
    assert parse_config("[web]\nport = 80\n").web == Scoreboard(80, None)
# --- [mqtt] --------------------------------------------------------------------------------------


def test_the_mqtt_section_names_the_broker_and_the_table() -> None:
    config = parse_config('[mqtt]\nurl = "mqtt://192.168.1.10"\ntable = "kitchen"\n'
                          'username = "companion"\npassword = "secret"\n')
    assert config.mqtt is not None
    assert (config.mqtt.host, config.mqtt.port, config.mqtt.table) == (
        "192.168.1.10", 1883, "kitchen")
    assert (config.mqtt.username, config.mqtt.password) == ("companion", "secret")
    assert parse_config("").mqtt is None


@pytest.mark.parametrize(("section", "key", "words"), [
    ('url = "http://broker:1883"\ntable = "a"', "mqtt.url", "expected mqtt://HOST:PORT"),
    ('url = "mqtt://broker:99999"\ntable = "a"', "mqtt.url", "expected mqtt://HOST:PORT"),
    ('url = "mqtt://"\ntable = "a"', "mqtt.url", "expected mqtt://HOST:PORT"),
    ('url = 1883\ntable = "a"', "mqtt.url", "expected mqtt://HOST:PORT"),
    ('url = "mqtt://ana:pw@broker"\ntable = "a"', "mqtt.url", "not in the address"),
    ('url = "mqtt://broker"', "mqtt.table", "needs url and table"),
    ('url = "mqtt://broker"\ntable = "a/b"', "mqtt.table", "letters, digits"),
    ('url = "mqtt://broker"\ntable = "#"', "mqtt.table", "letters, digits"),
    ('url = "mqtt://broker"\ntable = "a"\npassword = "pw"', "mqtt.password", "needs a username"),
    ('url = "mqtt://broker"\ntable = "a"\nusername = 3', "mqtt.username", "expected text"),
    ('url = "mqtt://broker"\ntable = "a"\nqos = 2', "mqtt.qos", "unknown key"),
])
def test_a_wrong_mqtt_value_is_refused_naming_it(section: str, key: str, words: str) -> None:
    error = refused(f"[mqtt]\n{section}\n")
    assert error.key == key
    assert words in str(error)
    assert words.split()[0] in reason(error, "en")
