from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhArNs.abcdefghijklmnopqrstuvwxyz0123456789AB"


def test_defaults_with_only_a_token() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN})

    assert settings == Settings(discord_token=TOKEN)
    assert settings.database_path == Path("data/klaverjas.sqlite3")
    assert (settings.log_level, settings.default_locale) == ("INFO", "en")
    assert settings.dev_guild_id is None and settings.sync_commands is None


@pytest.mark.parametrize(
    ("value", "expected"), [("1", True), ("true", True), ("0", False), ("off", False), (" ", None)]
)
def test_sync_commands_overrides_publishing_only_when_set(
    value: str, expected: bool | None
) -> None:
    """Unset (or blank): publish when the commands changed; 1 always; 0 never."""
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "SYNC_COMMANDS": value})
    assert settings.sync_commands is expected


def test_every_setting_is_read() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": f"  {TOKEN}\n",
            "DATABASE_PATH": "/data/kj.sqlite3",
            "LOG_LEVEL": "debug",
            "DEV_GUILD_ID": "123456789012345678",
            "DEFAULT_LOCALE": "pt-br",
            "SYNC_COMMANDS": "1",
        }
    )

    assert settings == Settings(
        discord_token=TOKEN,
        database_path=Path("/data/kj.sqlite3"),
        log_level="DEBUG",
        dev_guild_id=123456789012345678,
        default_locale="pt-BR",
        sync_commands=True,
    )


def test_blank_optional_values_mean_default() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "", "LOG_LEVEL": " "})

    assert settings.dev_guild_id is None and settings.log_level == "INFO"


def test_missing_token_is_one_line_naming_the_variable() -> None:
    with pytest.raises(SettingsError) as raised:
        load_settings({})

    assert raised.value.problems == [
        "DISCORD_TOKEN is missing: set it in the environment or in .env"
    ]
    assert str(raised.value) == raised.value.problems[0]


@pytest.mark.parametrize(
    "token",
    [
        "not-a-token",
        "Bot " + TOKEN,
        TOKEN.replace(".G", ". G"),
        TOKEN + ".extra",
        '"' + TOKEN + '"',
    ],
)
def test_malformed_token_is_rejected_without_echoing_it(token: str) -> None:
    with pytest.raises(SettingsError) as raised:
        load_settings({"DISCORD_TOKEN": token})

    [problem] = raised.value.problems
    assert problem.startswith("DISCORD_TOKEN")
    for part in token.replace(" ", ".").split("."):
        if len(part) > 4:
            assert part.strip('"') not in str(raised.value)


def test_one_line_per_bad_value(tmp_path: Path) -> None:
    env = {
        "DATABASE_PATH": str(tmp_path),
        "LOG_LEVEL": "LOUD",
        "DEV_GUILD_ID": "my-server",
        "DEFAULT_LOCALE": "fr",
        "SYNC_COMMANDS": "sometimes",
    }
    with pytest.raises(SettingsError) as raised:
        load_settings(env)

    names = [problem.split()[0] for problem in raised.value.problems]
    assert names == [
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "LOG_LEVEL",
        "DEV_GUILD_ID",
        "DEFAULT_LOCALE",
        "SYNC_COMMANDS",
    ]
    assert all("\n" not in problem for problem in raised.value.problems)
    assert len(str(raised.value).splitlines()) == 6


def test_token_never_appears_in_repr_str_or_logs(caplog: pytest.LogCaptureFixture) -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN})

    logging.getLogger("test").warning("settings: %s / %r", settings, settings)

    assert TOKEN not in repr(settings) and TOKEN not in str(settings)
    assert "discord_token" not in repr(settings)
    assert TOKEN not in caplog.text


def test_settings_are_frozen() -> None:
    settings = Settings(discord_token=TOKEN)

    with pytest.raises(AttributeError):
        settings.log_level = "DEBUG"  # type: ignore[misc]


def test_process_environment_and_dotenv_are_read_when_no_mapping_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nLOG_LEVEL=WARNING\n")
    monkeypatch.chdir(tmp_path)
    for name in (
        "DISCORD_TOKEN",
        "LOG_LEVEL",
        "DATABASE_PATH",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "DEFAULT_LOCALE",
        "SYNC_COMMANDS",
    ):
        monkeypatch.setenv(name, "")  # recorded, so whatever .env loads is undone afterwards
        monkeypatch.delenv(name)
    monkeypatch.setenv("LOG_LEVEL", "ERROR")  # the real environment wins over .env

    settings = load_settings()

    assert settings.discord_token == TOKEN
    assert settings.log_level == "ERROR"


def test_database_url_chooses_postgresql_and_stays_out_of_reprs() -> None:
    assert load_settings({"DISCORD_TOKEN": TOKEN}).database == Path("data/klaverjas.sqlite3")
    url = "postgresql://bot:s3cret@db:5432/klaverjas"
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url})
    assert settings.database_url == url and settings.database == url
    assert "s3cret" not in repr(settings)


def test_a_database_url_that_is_not_postgresql_is_refused_without_echoing_it() -> None:
    with pytest.raises(SettingsError) as refused:
        load_settings({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "mysql://u:s3cret@db/kj"})
    assert refused.value.problems == [
        "DATABASE_URL must be a postgresql://user@host:port/database URL "
        "(leave it unset to use the SQLite file at DATABASE_PATH)"
    ]


def test_any_password_reads_and_an_unreadable_url_is_refused_without_echoing_it() -> None:
    url = "postgresql://bot:q0/Zx+9@d#%w==@db:5432/klaverjas"
    assert load_settings({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}).database_url == url
    with pytest.raises(SettingsError) as refused:
        load_settings({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgresql://bot:q0/Zx+9"})
    [problem] = refused.value.problems
    assert problem.startswith("DATABASE_URL: the host of a PostgreSQL URL must read host")
    assert "q0" not in problem and "Zx" not in problem


def test_the_computers_budget_is_read_and_checked() -> None:
    assert load_settings({"DISCORD_TOKEN": TOKEN}).computer_budget_ms == 150.0
    env = {"DISCORD_TOKEN": TOKEN, "COMPUTER_BUDGET_MS": "60"}
    assert load_settings(env).computer_budget_ms == 60.0
    for bad in ("5", "fast", "5000"):
        with pytest.raises(SettingsError) as info:
            load_settings({"DISCORD_TOKEN": TOKEN, "COMPUTER_BUDGET_MS": bad})
        assert str(info.value) == "COMPUTER_BUDGET_MS must be a number from 10 to 2000"
