"""The web app's settings (savanna/web/settings.py): one model that `savanna serve`'s flags, the
environment (SAVANNA_..., DATABASE_URL) and create_app are all made from, with its checks; and
`--workers`, which hands it to each worker process whole, as JSON."""

from __future__ import annotations

import argparse
import gc
import json
import os
from datetime import timedelta

import pytest

pytest.importorskip("pydantic_settings")

from pydantic import ValidationError  # noqa: E402

from savanna import cli  # noqa: E402
from savanna.web import Settings, create_app  # noqa: E402
from savanna.web.app import APP_OPTIONS_ENV, app_from_environment  # noqa: E402
from savanna.web.live.connection import Limits  # noqa: E402



@pytest.fixture(autouse=True)
def clean_environment(monkeypatch):
    """No setting of the machine's leaks in (the database's and the mail's variables, any SAVANNA_)."""
    for name in list(os.environ):
        if name.startswith("SAVANNA_") and name != "SAVANNA_TEST_DATABASE_URL" or name == "DATABASE_URL":
            monkeypatch.delenv(name)


def served(*flags: str) -> Settings:
    """The settings of `savanna serve FLAGS`, as cmd_serve reads them."""
    return Settings.from_arguments(cli.build_parser().parse_args(["serve", *flags]))


def refusal(**given) -> ValidationError:
    with pytest.raises(ValidationError) as e:
        Settings(**given)
    return e.value


# ------------------------------------------------------------------- defaults


def test_the_defaults_are_create_apps_and_the_servers_own_where_they_differ():
    s = Settings()
    assert (s.host, s.port, s.workers, s.database_url, s.log_level) == ("127.0.0.1", 8000, 1, None, "info")
    assert s.max_think == 2.0 and s.first_move == 30.0 and s.search_budget is None and s.search_workers is None
    assert s.create_limit == "30/minute;300/hour" == cli.DEFAULT_CREATE_LIMIT
    assert (s.login_limit, s.register_limit) == ("10/minute;60/hour", "5/minute;20/hour")
    assert s.expire_after == timedelta(days=30) and s.smtp is None and s.https is False
    assert (s.max_spectators, s.max_game_spectators, s.max_address_spectators, s.max_address_game_spectators,
            s.max_seat_connections, s.max_queued_bytes) == (2000, 64, 100, 16, 8, Limits.queue_bytes)
    assert s.computer_delay == 0.0 and s.allowed_hosts is None  # create_app's: no pause, any host
    assert s.autoplay and s.search_processes and s.clock_loop and s.review_loop
    server = served()
    assert server.computer_delay == 0.6  # the server pauses so that people can follow
    assert server.model_dump(exclude={"computer_delay"}) == s.model_dump(exclude={"computer_delay"})


# ------------------------------------------------------------------- the environment


def test_the_environment_sets_what_no_flag_does(monkeypatch, tmp_path):
    monkeypatch.setenv("SAVANNA_MAX_THINK", "3")
    monkeypatch.setenv("SAVANNA_EXPIRE_AFTER", "7")  # days, as the flag
    monkeypatch.setenv("SAVANNA_ALLOWED_ORIGINS", '["https://play.example.org"]')
    monkeypatch.setenv("SAVANNA_HTTPS", "1")
    monkeypatch.setenv("SAVANNA_SMTP_URL", "smtp://mail.example.org?from=savanna@example.org")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///" + str(tmp_path / "env.db"))
    s = Settings()
    assert s.max_think == 3.0 and s.expire_after == timedelta(days=7) and s.https is True
    assert s.allowed_origins == ["https://play.example.org"]
    assert s.smtp == "smtp://mail.example.org?from=savanna@example.org"
    assert s.database_url == "sqlite:///" + str(tmp_path / "env.db")
    monkeypatch.setenv("SAVANNA_EXPIRE_AFTER", "0")
    assert Settings().expire_after is None  # 0: never
    monkeypatch.setenv("SAVANNA_SMTP_URL", "")
    assert Settings().smtp is None  # set but empty: no mail, as before
    # create_app reads it too
    app = create_app(autoplay=False, search_processes=False)
    assert app.state.parts.store.url == "sqlite:///" + str(tmp_path / "env.db")
    assert app.state.parts.service.max_think == 3.0


def test_a_flag_beats_the_environment_which_beats_the_default(monkeypatch):
    assert served().max_think == 2.0
    monkeypatch.setenv("SAVANNA_MAX_THINK", "3")
    assert served().max_think == 3.0
    assert served("--max-think", "4").max_think == 4.0
    # the server's own default too: the environment beats it, a flag beats both
    monkeypatch.setenv("SAVANNA_COMPUTER_DELAY", "0")
    assert served().computer_delay == 0.0
    assert served("--computer-delay", "1.5").computer_delay == 1.5
    monkeypatch.setenv("SAVANNA_PORT", "8100")
    assert served().port == 8100 and served("--port", "8200").port == 8200


def test_a_bad_environment_value_is_refused_naming_its_flag(monkeypatch, capsys):
    monkeypatch.setenv("SAVANNA_FIRST_MOVE", "2")
    assert cli.main(["serve", "--db", "sqlite://"]) == 1
    assert "--first-move must be from 5 to 600 seconds, not 2" in capsys.readouterr().err
    monkeypatch.setenv("SAVANNA_FIRST_MOVE", "soon")
    assert cli.main(["serve", "--db", "sqlite://"]) == 1
    assert "--first-move: Input should be a valid number" in " ".join(capsys.readouterr().err.split())


# ------------------------------------------------------------------- the checks

REFUSED = [  # (given, the message as `savanna serve` says it, as create_app says it)
    ({"computer_delay": 61}, "--computer-delay must be from 0 to 60 seconds, not 61",
     "computer_delay must be from 0 to 60 seconds, not 61"),
    ({"allowed_origins": ["example.org"]},
     "--allow-origin must be an http(s) origin such as https://example.org, not 'example.org'",
     "allowed_origins must be an http(s) origin such as https://example.org, not 'example.org'"),
    ({"max_think": 0.01}, "--max-think must be from 0.05 to 60 seconds, not 0.01",
     "max_think must be from 0.05 to 60 seconds, not 0.01"),
    ({"first_move": 601}, "--first-move must be from 5 to 600 seconds, not 601",
     "first_move must be from 5 to 600 seconds, not 601"),
    ({"search_budget": -1}, "--search-budget must be 0 (no bound) or a number of seconds, not -1",
     "search_budget must be 0 (no bound) or a number of seconds, not -1"),
    ({"create_limit": "lots"}, "--create-limit: not a rate limit: 'lots'", "create_limit: not a rate limit: 'lots'"),
    ({"login_limit": "30/fortnight"}, "--login-limit: not a rate limit", "login_limit: not a rate limit"),
    ({"register_limit": "0/minute"}, "--register-limit: not a rate limit", "register_limit: not a rate limit"),
    ({"coach_limit": "often"}, "coach_limit: not a rate limit", "coach_limit: not a rate limit"),
    ({"smtp": "smtp://mail.example.org"}, "--smtp: the SMTP URL needs the mails' sender",
     "smtp: the SMTP URL needs the mails' sender"),
    ({"header_timeout": 3601}, "--header-timeout must be from 0 (none) to 3600 seconds, not 3601",
     "header_timeout must be from 0 (none) to 3600 seconds, not 3601"),
    ({"expire_after": -1}, "--expire-after must be 0 (never) or a number of days, not -1",
     "expire_after must be 0 (never) or a number of days, not -1"),
    ({"workers": 2, "database_url": "games.db"}, "--workers 2 needs PostgreSQL (--db postgresql+psycopg://...)",
     "workers 2 needs PostgreSQL (database_url postgresql+psycopg://...)"),
    ({"port": 0}, "--port: Input should be greater than or equal to 1", "port: Input should be greater"),
    ({"max_spectators": 0}, "--max-spectators: Input should be greater than or equal to 1", "max_spectators: "),
    ({"log_level": "loud"}, "--log-level: Input should be", "log_level: Input should be"),
]


@pytest.mark.parametrize("given, flagged, named", REFUSED, ids=[str(sorted(g)) for g, _, _ in REFUSED])
def test_each_check_refuses_saying_why_naming_the_flag_or_the_keyword(given, flagged, named):
    error = refusal(**given)
    assert flagged in Settings.reasons(error)[0]
    assert named in Settings.reasons(error, name=str)[0]
    assert named in str(error) or named.replace(": ", "\n  ", 1) in str(error)  # (pydantic's own words)


def test_the_checks_pass_what_they_should():
    s = Settings(computer_delay=0, max_think=60, first_move=5, search_budget=0, create_limit="none",
                 login_limit=None, smtp="smtps://u:p@mail.example.org:465?from=a@example.org", header_timeout=0,
                 allowed_origins=["https://Play.Example.org:443/"], expire_after=timedelta(hours=1),
                 workers=2, database_url="postgresql+psycopg://u@db.example.org/games")
    assert s.workers == 2 and s.expire_after == timedelta(hours=1) and s.create_limit == "none"


def test_create_app_checks_its_keywords_through_the_model(tmp_path):
    db = str(tmp_path / "games.db")
    with pytest.raises(ValueError, match="max_think must be from 0.05 to 60 seconds, not 100"):
        create_app(db, max_think=100)
    with pytest.raises(ValueError, match="no_such_option"):
        create_app(db, no_such_option=1)
    assert not (tmp_path / "games.db").exists()  # refused before the database was opened
    app = create_app(db, settings=Settings(first_move=45, max_think=3), max_think=4, autoplay=False,
                     search_processes=False)
    assert app.state.parts.service.first_move == 45.0 and app.state.parts.service.max_think == 4.0  # a keyword over settings


def test_serve_says_a_refusal_on_one_line_naming_the_flag(capsys):
    assert cli.main(["serve", "--db", "sqlite://", "--computer-delay", "61"]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "savanna: error: --computer-delay must be from 0 to 60 seconds, not 61" in err


# ------------------------------------------------------------------- the flags


def test_every_flagged_field_is_a_flag_with_its_help():
    parser = argparse.ArgumentParser()
    Settings.add_arguments(parser)
    flags = {a.dest: a for a in parser._actions if a.help != argparse.SUPPRESS and a.dest != "help"}
    assert set(flags) == set(Settings.model_fields) - {"autoplay", "message_limit", "search_processes",
                                                       "clock_loop", "mail_delays", "coach_limit", "review_loop"}
    for name, action in flags.items():
        assert action.help.replace("%%", "%") == Settings.model_fields[name].description, name
        assert Settings.flag_of(name) in action.option_strings
    assert Settings.flag_of("database_url") == "--db" and Settings.flag_of("computer_only") == "--computer-only-games"
    assert Settings.flag_of("max_queued_bytes") == "--max-queued-kb"


def test_flags_read_their_own_units_and_bounds(capsys):
    s = served("--max-queued-kb", "300", "--expire-after", "2", "--allow-origin", "https://a.example.org",
               "--allow-origin", "https://b.example.org", "--computer-only-games", "--https", "--db", "x.db")
    assert s.max_queued_bytes == 300 * 1024 and s.expire_after == timedelta(days=2)
    assert s.allowed_origins == ["https://a.example.org", "https://b.example.org"]
    assert s.computer_only and s.https and s.database_url == "x.db"
    assert served("--max-connections", "10").max_spectators == 10  # a former name, hidden
    for wrong, said in ((["--port", "0"], "--port must be from 1 to 65535, not 0"),
                        (["--max-queued-kb", "100"], "--max-queued-kb must be at least 256, not 100"),
                        (["--workers", "many"], "--workers must be a whole number, not 'many'")):
        with pytest.raises(SystemExit) as e:
            served(*wrong)
        assert e.value.code == 2 and said in capsys.readouterr().err


# ------------------------------------------------------------------- --workers: the settings whole


def test_the_settings_go_to_the_workers_whole_as_json(monkeypatch, tmp_path):
    s = Settings(database_url="sqlite:///" + str(tmp_path / "w.db"), first_move=45, max_think=3,
                 expire_after=timedelta(days=2.5), allowed_hosts=["games.example.org"], max_spectators=10,
                 max_queued_bytes=300 * 1024, smtp="smtp://mail.example.org?from=a@example.org", autoplay=False,
                 search_processes=False, mail_delays=(1.0, 2.0))
    assert Settings.model_validate_json(s.model_dump_json()) == s
    assert Settings.model_validate_json(Settings(expire_after=0).model_dump_json()).expire_after is None
    monkeypatch.setenv(APP_OPTIONS_ENV, s.model_dump_json())
    monkeypatch.setattr(gc, "freeze", lambda: None)
    monkeypatch.setattr(gc, "set_threshold", lambda *a: None)
    app = app_from_environment()
    assert app.state.parts.service.first_move == 45.0 and app.state.parts.service.max_think == 3.0
    assert app.state.parts.expiry.after == timedelta(days=2.5)
    assert app.state.parts.live.limits == Limits(spectators=10, queue_bytes=300 * 1024)
    assert app.state.parts.notices is not None  # the mail server's URL came along


def test_serve_with_workers_hands_them_what_it_was_given(monkeypatch):
    import uvicorn

    from savanna.web import server

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    monkeypatch.setattr(server, "Store", lambda url: argparse.Namespace(close=lambda: seen.update(opened=url)))
    monkeypatch.setattr(cli, "_cannot_listen", lambda host, port: None)
    monkeypatch.setattr(gc, "freeze", lambda: None)
    monkeypatch.setattr(gc, "set_threshold", lambda *a: None)
    monkeypatch.setenv(APP_OPTIONS_ENV, "")  # (undone after the test)
    url = "postgresql+psycopg://savanna@db.example.org/games"
    assert cli.main(["serve", "--workers", "3", "--db", url, "--host", "games.lan", "--first-move", "45",
                     "--allowed-host", "games.example.org", "--max-queued-kb", "512"]) == 0
    assert seen["app"] == "savanna.web.app:app_from_environment" and seen["workers"] == 3 and seen["factory"]
    assert seen["opened"] == url  # opened once here, before the workers
    handed = Settings.model_validate_json(os.environ[APP_OPTIONS_ENV])
    assert handed.database_url == url and handed.first_move == 45.0 and handed.max_queued_bytes == 512 * 1024
    assert handed.allowed_hosts == ["games.lan", "games.example.org"] and handed.computer_delay == 0.6
    assert json.loads(os.environ[APP_OPTIONS_ENV])["workers"] == 3
