"""What a UI shows of a game, as plain data: `Game.view(seat)`, `board_view()`,
`space_view(sp)` and `pending_choice()` are these functions of the game. Never another
seat's hidden gold and gems (the hidden-treasure option)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .animals_and_nomads import targets
from .phases import ACTION, MOVE, OVER, REVEAL, TARGET, TRADE
from .tiles import TREASURE
from .inspection import Inspection


def space_view(g: Inspection, sp: int) -> dict[str, Any]:
    b = g.board
    r, c = b.rc[sp]
    t = g.content[sp]
    if g.down[sp]:
        tile, kind = "face-down", None
    elif t < 0:
        tile, kind = None, None
    else:
        tile, kind = g.data.types[t].id, g.data.types[t].kind
    return {"space": b.labels[sp], "row": r, "col": c, "city": b.city_name[sp], "tile": tile, "kind": kind,
            "camp": None if g.camp[sp] < 0 else g.camp[sp],
            "explorers": [s for s, e in enumerate(g.explorer) if e == sp]}


def board_view(g: Inspection) -> list[dict[str, Any]]:
    return [space_view(g, sp) for sp in range(g.board.n)]


def pending_choice(g: Inspection) -> dict[str, Any] | None:
    if g.phase == TARGET:
        t = g.content[g.pending]
        return {"choice": "target", "from": g.board.labels[g.pending], "tile": g.data.types[t].id,
                "discovered": g.pending_discovered,
                "targets": [g.board.labels[sp] for sp in targets(g, g.pending)]}
    if g.phase == TRADE:
        return {"choice": "exchange", "object": g.data.types[g.new_object].id}
    if g.phase == REVEAL:
        return {"choice": "reveal", "space": g.board.labels[g.reveal_at]}
    return None


def view(g: Inspection, seat: int | None) -> dict[str, Any]:
    """All that `seat` (a seat checked, or None) may see: see `Game.view`."""
    seats = []
    over = g.phase == OVER
    for s in range(g.players):
        visible = over or not g.hidden_treasure or s == seat
        tr = g.treasure(s)
        base = s * g.num_types
        seats.append({
            "seat": s, "score": g.score[s], "explorer": g.explorers()[s], "camps": g.reserve[s],
            "objects": g.objects(s),
            "gold": tr["gold"] if visible else None, "gems": tr["gems"] if visible else None,
            # how many gold and gem tiles a seat took is public; what they are is not
            "treasure_tiles": sum(g.held[base + t.index] for t in g.data.types if t.kind in TREASURE),
        })
    unseen = g.unseen_tiles()
    if g.hidden_treasure and not over:  # else the face-down mix would tell what the others took
        kinds = {t.id: t.kind for t in g.data.types}
        lumped: Counter[str] = Counter()
        for tile, n in unseen.items():
            lumped["treasure" if kinds[tile] in TREASURE else tile] += n
        unseen = lumped
    return {
        "game": "africa", "players": g.players, "viewer": seat, "phase": g.phase_name,
        "current_player": g.current_player, "active_player": g.active_player,
        "step": g.step + 1 if g.phase in (MOVE, ACTION, TARGET, TRADE, REVEAL) else None, "turn": g.turn,
        "hidden_treasure": g.hidden_treasure, "board": board_view(g), "seats": seats,
        "camp_supply": g.supply, "monuments": {"found": g.monuments_found, "total": g.data.monuments},
        "last_monument_bonus": None if g.bonus_holder < 0 else g.bonus_holder,
        "tiles_face_down": g.n_down, "unseen_tiles": dict(sorted(unseen.items())),
        "pending": pending_choice(g), "final_points": g.final_breakdown,
        "legal_actions": [str(a) for a in g.legal_actions()] if seat is not None and seat == g.current_player else [],
    }
