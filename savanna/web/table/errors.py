"""What the table refuses: `GameError(code, message)`, `code` one of `ERRORS`, which also
tells the HTTP status the API answers it with (the edge's only use of it)."""

from __future__ import annotations

# error code -> HTTP status
ERRORS = {
    "bad_json": 400,        # the body or message is not JSON
    "bad_request": 400,     # JSON of the wrong shape (missing or mistyped fields)
    "bad_clock": 400,       # a time control out of bounds or of the wrong shape (clock.py)
    "bad_step": 400,        # a replay step outside 0..moves
    "bad_range": 400,       # history entries asked outside 0..moves, or more than a page (views/history.py)
    "bad_host": 400,        # the Host header is not one of the server's names (edge/guard.py)
    "missing_token": 401,   # acting needs a seat token
    "bad_token": 403,       # the token is not one of this game's seats
    "hidden": 403,          # the saved game holds the seed: not before the game is over
    "not_asked": 403,       # a takeback request that waits for other seats than the token's (takeback.py)
    "not_found": 404,       # no game with that id (or no such path)
    "method_not_allowed": 405,
    "not_your_turn": 409,   # the token's seats are not the one to act
    "game_over": 409,       # the game has ended
    "out_of_time": 409,     # the seat's time ran out: the server ends the game or passes the seat on (flag.py)
    "stale": 409,           # the action was sent against an older version of the game
    "conflict": 409,        # another action landed first; nothing was stored
    "nothing_to_take_back": 409,  # the seat has played no turn yet (takeback.py)
    "not_logged_in": 401,   # no session, or it has ended (table/accounts.py)
    "bad_login": 401,       # unknown name or wrong password: one answer for both (table/accounts.py)
    "wrong_password": 403,  # the account's password, asked again to change it or delete the account, is wrong
    "bad_origin": 403,      # a request made with the session cookie from a page of another site (edge/accounts.py)
    "bad_csrf_token": 403,  # a request made with the session cookie without its CSRF token (edge/accounts.py)
    "unknown_player": 404,  # no account has that name (or it was deleted) (table/ratings.py)
    "unknown_game": 400,    # a leaderboard of a game this server does not have (table/ratings.py)
    "name_taken": 409,      # an account has that name already (in any case, after Unicode normalisation)
    "unknown_account": 400,  # a seat invited by a name no account has (or a deleted one's) (seats.py)
    "claimed": 403,         # the token's seat was claimed by an account: it plays it now (claims.py)
    "no_seat": 403,         # the session's account plays no seat of the game
    "seat_taken": 409,      # the seat was claimed or taken by another account first (claims.py)
    "not_open": 409,        # the seat is not an open seat (claims.py)
    "cannot_claim": 409,    # a hotseat token, or a game that is over: no seat to claim (claims.py)
    "already_seated": 409,  # a rated game's seats are distinct accounts': this one has a seat (claims.py)
    "no_hints": 403,        # a rated game gives no hints (table/hints.py)
    "hint_pending": 429,    # a hint of this game is being worked out already (live/hints.py)
    "moved_on": 409,        # the game moved on before the hint was ready: ask again (live/hints.py)
    "game_not_over": 409,   # a review is of a finished game (table/reviews.py)
    "rated_game": 409,      # a rated game refuses it (takebacks) (claims.py)
    "waiting_for_players": 409,  # a rated game waits until every human seat is claimed (claims.py)
    "too_large": 413,       # the body or message is over the size limit
    "bad_settings": 422,    # a game cannot be created so (the engine's or player's message)
    "bad_import": 422,      # the uploaded game is refused (the engine's message)
    "illegal_action": 422,
    "bad_name": 422,        # an account name that is too short, too long, of other characters, or a computer's
    "bad_email": 422,       # an e-mail address that is not one, or too long (table/mail.py)
    "mail_off": 404,        # the server sends no mail: started without --smtp (edge/mail_routes.py)
    "weak_password": 422,   # a password that is too short, too long or too common  # malformed or illegal action (the engine's message)
    "unknown_type": 400,    # WebSocket message of an unknown type
    "rate_limited": 429,    # too many messages too fast, or games created from one address (edge/ratelimit.py)
    "request_timeout": 408,       # a request's headers did not arrive in time (edge/tcp.py)
    "headers_too_large": 431,     # a request's headers are over the size limit (edge/tcp.py)
    "too_many_connections": 503,  # over a cap on TCP connections, of one address or in all (edge/tcp.py)
    "server_error": 500,
}


class GameError(Exception):
    def __init__(self, code: str, message: str):
        assert code in ERRORS, code
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return ERRORS[self.code]

    def as_dict(self) -> dict[str, str]:
        return {"type": "error", "code": self.code, "message": self.message}
