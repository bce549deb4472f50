"""The schema as released before migrations: every table the web app had made by then.

Revision ID: 0001
Revises:
Create Date: 2026-12-07

Until this revision a server made the tables it used when it opened a database (`create_all`:
only those missing), so a database from an earlier version holds some of them, as they were
made then. This revision makes those it lacks, as they are here: on a new database, all of
them. The definitions are frozen here (a change to schema.py is a new revision); the columns and
indexes that an older version's tables lack are added by the next revision.
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    inspect,
)

from savanna import games

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ADDRESS_MAX = 254


def tables() -> MetaData:
    """The tables as of this revision."""
    frozen = MetaData()
    DATA = Table("game_data", frozen,  # a game's own data, stored once by its hash (storage.py's docstring)
                 Column("hash", String(64), primary_key=True),  # data_key(data)
                 Column("game", String(32), nullable=False),  # the game whose data it is
                 Column("data", JSON, nullable=False),  # {setting: data}, e.g. {"tiles": {...a user's tile set...}}
                 Column("created_at", DateTime(timezone=True), nullable=False))

    GAMES = Table(
        "games", frozen,
        Column("id", String(32), primary_key=True),
        Column("game", String(32), nullable=False, default=games.UNNAMED),  # (rows from before the column)
        # the engine's rules: players, seed, final_scoring (and tiles, tile_order, token_order of an import)
        Column("settings", JSON, nullable=False),
        # per seat: {"kind": "human"|"computer", "player": spec|None, "name": str,
        #            "token_hash": sha256 hex|None, "hotseat": bool}
        Column("seats", JSON, nullable=False),
        Column("actions", JSON, nullable=False),  # notation strings, in order
        Column("status", String(16), nullable=False, index=True),  # "playing" or "over"
        Column("summary", JSON, nullable=False),  # derived: current_player, scores, moves, ...
        Column("listed", Boolean, nullable=False, default=True),  # shown in the lobby
        Column("version", Integer, nullable=False, default=0),
        Column("created_at", DateTime(timezone=True), nullable=False),
        Column("updated_at", DateTime(timezone=True), nullable=False, index=True),  # the last write
        # when a connection last came or went (`touch`), for expiring games nobody comes back to;
        # null: none since the column was added. Added later, so nullable
        Column("touched_at", DateTime(timezone=True), nullable=True),
        # what the web app keeps besides the game (table/takeback.py, table/resign.py): the creator token's hash,
        # what a resignation does, takebacks done and asked for, who resigned. Added later: nullable
        Column("meta", JSON, nullable=True),
        # the game's own data, stored apart (game_data); null: none, or a row from before that holds it in `settings`
        Column("data_hash", String(64), ForeignKey("game_data.hash"), nullable=True, index=True),
        # a timed game's next deadline, epoch seconds (table/clock.py: when the running seat's time or
        # first-move window ends; null: no clock runs), kept on every write, so that the games whose
        # time ran out are found by one indexed query (`due`). Added later: nullable
        Column("deadline", Float, nullable=True, index=True))

    # a seat claimed by an account (its "account" in the game's seats, kept here in step with them, in
    # the same transaction: on create, rewrite and delete), so that an account's games are found
    # without reading every game (`games_of_account`)
    SEAT_ACCOUNTS = Table("seat_accounts", frozen,
                          Column("game_id", String(32), primary_key=True),
                          Column("seat", Integer, primary_key=True),
                          Column("account_id", Integer, nullable=False, index=True))


    ACCOUNTS = Table("accounts", frozen,
                     Column("id", Integer, primary_key=True, autoincrement=True),
                     Column("name", String(64), nullable=False),  # as shown
                     Column("key", String(128), unique=True, nullable=True),  # normalised; null once deleted
                     Column("password_hash", String(255), nullable=True),  # null once deleted
                     Column("created_at", DateTime(timezone=True), nullable=False),
                     Column("deleted_at", DateTime(timezone=True), nullable=True))
    SESSIONS = Table("account_sessions", frozen,
                     Column("id_hash", String(64), primary_key=True),  # SHA-256 hex of the secret id
                     Column("handle", String(32), unique=True, nullable=False),  # public: names it in lists
                     Column("account_id", Integer, ForeignKey("accounts.id"), index=True, nullable=False),
                     Column("csrf", String(64), nullable=False),
                     Column("created_at", DateTime(timezone=True), nullable=False),
                     Column("seen_at", DateTime(timezone=True), index=True, nullable=False),
                     Column("agent", String(200), nullable=False, default=""),
                     Column("address", String(64), nullable=False, default=""))


    RATINGS = Table("ratings", frozen,
                    Column("account_id", Integer, ForeignKey(ACCOUNTS.c.id), primary_key=True),
                    Column("game", String(32), primary_key=True),
                    Column("mu", Float, nullable=False),
                    Column("sigma", Float, nullable=False),
                    Column("games", Integer, nullable=False),  # rated games counted
                    Column("updated_at", DateTime(timezone=True), index=True, nullable=False))
    HISTORY = Table("rating_history", frozen,
                    Column("game_id", String(32), primary_key=True),
                    Column("account_id", Integer, ForeignKey(ACCOUNTS.c.id), primary_key=True, index=True),
                    Column("game", String(32), nullable=False),
                    Column("seat", Integer, nullable=False),
                    Column("rank", Integer, nullable=False),  # 1 = first; ties share
                    Column("mu_before", Float, nullable=False),
                    Column("sigma_before", Float, nullable=False),
                    Column("mu_after", Float, nullable=False),
                    Column("sigma_after", Float, nullable=False),
                    Column("at", DateTime(timezone=True), nullable=False))
    RATED = Table("rated_games", frozen,
                  Column("game_id", String(32), primary_key=True),
                  Column("game", String(32), nullable=False),
                  Column("accounts", Integer, nullable=False),  # how many were rated (0: nothing to rate)
                  Column("settled_at", DateTime(timezone=True), nullable=False))


    ADDRESS_MAX = 254  # RFC 5321's bound on a path
    ADDRESSES = Table("mail_addresses", frozen,
                      Column("owner", String(80), primary_key=True),  # account:<id> or seat:<game>:<seat>
                      Column("game_id", String(32), index=True, nullable=True),  # a seat's game
                      Column("address", String(ADDRESS_MAX), nullable=False),
                      Column("lang", String(8), nullable=False, default="en"),
                      Column("site", String(200), nullable=False, default=""),
                      Column("set_at", DateTime(timezone=True), nullable=False))
    SENT = Table("mail_notices", frozen,
                 Column("game_id", String(32), primary_key=True),
                 Column("seat", Integer, primary_key=True),
                 Column("kind", String(16), primary_key=True),  # "turn" or "low"
                 Column("move", Integer, primary_key=True),  # the game's action count when the turn began
                 Column("state", String(16), nullable=False, default="sending"),  # sending, sent, failed, skipped
                 Column("at", DateTime(timezone=True), nullable=False),
                 Column("to_hash", String(64), nullable=True, index=True))  # SHA-256 of the address: the daily cap


    REVIEWS = Table("reviews", frozen,
                    Column("game_id", String(32), primary_key=True),
                    Column("status", String(16), nullable=False, index=True),  # queued, running, done, failed
                    Column("seats", Text, nullable=True),  # JSON list of the seats reviewed; null: all
                    Column("entries", Text, nullable=False, default="[]"),  # JSON list, in history order
                    Column("done", Integer, nullable=False, default=0),
                    Column("total", Integer, nullable=False, default=0),
                    Column("budget", Float, nullable=False, default=0.0),  # seconds of search per decision
                    Column("holder", String(32), nullable=True),  # the server computing it
                    Column("lease_until", Float, nullable=True),  # epoch seconds
                    Column("failures", Integer, nullable=False, default=0),
                    Column("updated", DateTime(timezone=True), nullable=False))


    LIVENESS = Table("liveness", frozen,
                     Column("name", String(32), primary_key=True),
                     Column("at", Float, nullable=False),  # the last beat of any server, epoch seconds
                     Column("stopped", Boolean, nullable=False, default=False),  # the last beat was a server stopping
                     Column("crediting", JSON, nullable=True))  # [[from, to], ...] being credited, else null


    EVENTS = Table("rate_events", frozen,
                   Column("id", Integer, primary_key=True, autoincrement=True),
                   Column("key", String(255), index=True),
                   Column("at", Float))  # seconds since the epoch, of the server that counted it


    SERVERS = Table("servers", frozen,
                    Column("id", String(32), primary_key=True),
                    Column("host", String(255)), Column("pid", Integer),
                    Column("started_at", DateTime(timezone=True), server_default=func.now()),
                    Column("heartbeat", DateTime(timezone=True), server_default=func.now(), index=True))
    HOLDS = Table("holds", frozen,
                  Column("id", String(32), primary_key=True),
                  Column("server_id", String(32), index=True),
                  Column("kind", String(16)),  # "connection" or "search"
                  Column("game_id", String(32), index=True),
                  Column("address", String(64), nullable=True),
                  Column("seats", String(64)),  # the connection's seats, "0,2"; "" a spectator
                  Column("since", DateTime(timezone=True), server_default=func.now()))
    LEASES = Table("leases", frozen,
                   Column("game_id", String(32), primary_key=True),
                   Column("server_id", String(32), index=True),
                   Column("since", DateTime(timezone=True), server_default=func.now()))
    return frozen


def upgrade() -> None:
    con = op.get_bind()
    have = set(inspect(con).get_table_names())
    frozen = tables()
    for table in frozen.sorted_tables:  # (those named by others first)
        if table.name not in have:
            table.create(con)


def downgrade() -> None:
    con = op.get_bind()
    for table in reversed(tables().sorted_tables):
        table.drop(con, checkfirst=True)
