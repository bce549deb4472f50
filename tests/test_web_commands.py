"""The typed command set (edge/commands.py), shared by the REST bodies and the WebSocket's
messages: each socket message is read into the command its REST route's body extends, strictly,
from its own fields only; what is wrong is a "bad_request" saying so."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

from savanna.web.edge import bodies, commands, socket
from savanna.web.live.room import GameError


def test_each_rest_body_is_its_command_with_a_token():
    assert issubclass(bodies.ActionIn, commands.Act) and issubclass(bodies.AnswerIn, commands.Answer)
    assert issubclass(bodies.TokenIn, commands.TakeBack)
    for body, command in ((bodies.ActionIn, commands.Act), (bodies.AnswerIn, commands.Answer),
                          (bodies.TokenIn, commands.TakeBack)):
        assert set(body.model_fields) == set(command.model_fields) | {"token"}


def test_each_socket_message_reads_its_command():
    assert {t: m.command for t, m in socket.MESSAGES.items()} == {
        "action": commands.Act, "ping": commands.Ping, "auth": commands.Auth, "state": commands.State,
        "takeback": commands.TakeBack, "takeback_answer": commands.Answer, "resign": commands.Resign,
        "history": commands.History}
    act = socket.MESSAGES["action"].read({"type": "action", "action": "pass", "version": 3, "ref": "r1", "x": 1})
    assert act == commands.Act(action="pass", version=3)  # ("type", "ref" and unknown fields left)
    answer = socket.MESSAGES["takeback_answer"].read({"type": "takeback_answer", "accept": False})
    assert answer.model_dump() == {"accept": False, "moves": None}
    assert socket.MESSAGES["resign"].read({"type": "resign", "seat": 1, "version": "ignored"}).seat == 1
    asked = socket.MESSAGES["history"].read({"type": "history", "from": 3, "to": 9})  # ("from" is its JSON name)
    assert (asked.first, asked.to) == (3, 9)


@pytest.mark.parametrize("message, said", [
    ({"type": "action", "action": 42}, "notation string"),
    ({"type": "action", "action": "pass", "version": "3"}, "version"),
    ({"type": "action", "action": "pass", "version": True}, "version"),  # strict: true is not 1
    ({"type": "takeback", "seat": 1.0}, "seat"),
    ({"type": "takeback_answer", "accept": "yes"}, "accept"),
])
def test_a_wrong_field_is_a_bad_request_naming_it(message, said):
    with pytest.raises(GameError) as e:
        socket.MESSAGES[message["type"]].read(message)
    assert e.value.code == "bad_request" and said in e.value.message


def test_the_rest_body_refuses_what_the_socket_refuses():
    with pytest.raises(ValueError, match="notation string"):
        bodies.ActionIn.model_validate({"token": "t", "action": 42})
    with pytest.raises(ValueError):
        bodies.AnswerIn.model_validate({"accept": 1})
    with pytest.raises(ValueError):  # a body is strict about unknown fields too
        bodies.TokenIn.model_validate({"token": "t", "seats": 1})
