// @ts-check
// The game view's types, generated from its JSON Schema (view.schema.json) by
// savanna/web/views/models.py: python -m savanna.web.views.models --jsdoc. Do not edit.

/**
 * @typedef {Object} AfricaRules
 * @property {number} players
 * @property {boolean} hidden_treasure
 */

/**
 * @typedef {Object} AfricaSeat
 * @property {number} seat
 * @property {string} name
 * @property {("human" | "computer")} kind
 * @property {(string | null)} player
 * @property {boolean} hotseat
 * @property {boolean} connected
 * @property {boolean} claimed
 * @property {boolean} open
 * @property {boolean} resigned
 * @property {number} score
 * @property {(string | null)} explorer
 * @property {number} camps
 * @property {Object<string, number>} objects
 * @property {(number | null)} gold - null: hidden from this viewer
 * @property {(number | null)} gems - null: hidden from this viewer
 * @property {number} treasure_tiles
 */

/**
 * Africa's view (views/africa.py), as its viewer may see it.
 * @typedef {Object} AfricaView
 * @property {string} id
 * @property {"africa"} game
 * @property {("playing" | "over")} status
 * @property {number} version
 * @property {string} created
 * @property {string} updated
 * @property {(string | null)} seed
 * @property {("random" | "chosen")} deal
 * @property {boolean} rated
 * @property {number} spectators
 * @property {(number | null)} current_player
 * @property {(number | null)} active_player
 * @property {string} phase
 * @property {number} turn
 * @property {number} moves - actions played so far
 * @property {number} tiles_left
 * @property {Array<string>} legal_actions
 * @property {number} history_from - how many actions come before the first entry of history
 * @property {Array<HistoryEntry>} history - the latest actions (views/history.py: the last 50, all while there are fewer); the older ones on request (GET /api/games/{id}/history, or the socket's history message)
 * @property {Array<ScoreEntry>} score_history - the scores after each turn: every entry once the game is over, the last one while it is played
 * @property {Array<number>} winners
 * @property {(Array<Event> | null)} final_scoring
 * @property {("computer" | "end")} on_resign
 * @property {string} resign_player
 * @property {(Array<number> | null)} ranking
 * @property {(Object<string, any> | null)} ended
 * @property {Takeback} takeback
 * @property {Array<number>} hints
 * @property {(Clock | null)} clock
 * @property {(("play" | "resigned" | "time" | "aborted") | null)} ended_by
 * @property {Array<number>} times
 * @property {("computer" | "end" | "skip")} on_time
 * @property {(Replay | null)} [replay] - only in a replay's view
 * @property {Array<AfricaSeat>} seats
 * @property {AfricaRules} rules
 * @property {(number | null)} viewer
 * @property {((1 | 2) | null)} step
 * @property {Array<Space>} board
 * @property {number} camp_supply
 * @property {Monuments} monuments
 * @property {(number | null)} last_monument_bonus
 * @property {number} tiles_face_down
 * @property {Object<string, number>} unseen_tiles
 * @property {(Object<string, any> | null)} pending
 * @property {(Array<FinalPoints> | null)} final_points
 */

/**
 * @typedef {Object} Away
 * @property {number} seconds
 * @property {string} from
 * @property {string} to
 */

/**
 * @typedef {Object} BoardFeature
 * @property {("trail" | "bush" | "baobab")} kind
 * @property {(string | null)} [sides]
 * @property {(string | null)} [animals]
 * @property {(number | null)} [birds]
 * @property {(string | null)} [at]
 * @property {Array<number>} meeples
 * @property {boolean} complete
 * @property {(number | null)} feature
 */

/**
 * @typedef {Object} BoardTile
 * @property {number} x
 * @property {number} y
 * @property {string} id
 * @property {number} rotation
 * @property {string} edges
 * @property {Array<string>} corners
 * @property {Array<BoardFeature>} features
 */

/**
 * @typedef {Object} Clock
 * @property {Control} control
 * @property {("realtime" | "correspondence")} kind
 * @property {Array<number>} remaining
 * @property {(number | null)} running
 * @property {(string | null)} at
 * @property {(string | null)} deadline
 * @property {boolean} first_move
 * @property {number} low
 * @property {Array<number>} flagged
 * @property {(Away | null)} away
 */

/**
 * @typedef {Object} Control
 * @property {(number | null)} [base]
 * @property {(number | null)} [increment]
 * @property {(number | null)} [days]
 */

/**
 * @typedef {Object} DrawnTile
 * @property {string} id
 * @property {Array<Layout>} layouts
 */

/**
 * What an action scored (an engine's event): its kind, the seat, the points, and where.
 * @typedef {Object} Event
 * @property {string} what
 * @property {(number | null)} [seat]
 * @property {(number | null)} [points]
 */

/**
 * A whole trail or bush.
 * @typedef {Object} Feature
 * @property {number} feature
 * @property {("trail" | "bush")} kind
 * @property {Array<Array<number>>} spaces
 * @property {string} animals
 * @property {number} animal_count
 * @property {number} birds
 * @property {number} open_ends
 * @property {boolean} complete
 * @property {Array<number>} meeples
 * @property {Array<number>} leaders
 * @property {number} points_if_completed
 * @property {number} points_if_completed_with_token
 * @property {Array<number>} final_points
 */

/**
 * @typedef {Object} FinalPoints
 * @property {number} objects
 * @property {number} gold
 * @property {number} gems
 * @property {number} total
 */

/**
 * @typedef {Object} HistoryEntry
 * @property {number} move
 * @property {number} turn
 * @property {(number | null)} seat
 * @property {string} action
 * @property {(Array<Event> | null)} [scored] - what the action scored (only if it scored)
 * @property {(number | null)} [took] - seconds the action took (a timed game)
 */

/**
 * @typedef {Object} HolePoints
 * @property {number} dig
 * @property {number} complete
 */

/**
 * A tile at a rotation: edges N E S W (s savanna, t trail, b bush), open savanna corners, features.
 * @typedef {Object} Layout
 * @property {(string | null)} [id]
 * @property {number} rotation
 * @property {string} edges
 * @property {Array<string>} corners
 * @property {Array<TileFeature>} features
 */

/**
 * @typedef {Object} Monuments
 * @property {number} found
 * @property {number} total
 */

/**
 * @typedef {Object} Replay
 * @property {number} step
 * @property {number} steps
 * @property {("playing" | "over")} game_status
 * @property {(HistoryEntry | null)} last_action
 * @property {(HistoryEntry | null)} next_action
 */

/**
 * @typedef {Object} SafariRules
 * @property {number} players
 * @property {("all" | "majority")} final_scoring
 * @property {string} tiles
 */

/**
 * @typedef {Object} SafariSeat
 * @property {number} seat
 * @property {string} name
 * @property {("human" | "computer")} kind
 * @property {(string | null)} player
 * @property {boolean} hotseat
 * @property {boolean} connected
 * @property {boolean} claimed
 * @property {boolean} open
 * @property {boolean} resigned
 * @property {number} score
 * @property {number} meeples
 * @property {Object<string, number>} tokens
 */

/**
 * Carcassonne Safari's view (views/safari.py).
 * @typedef {Object} SafariView
 * @property {string} id
 * @property {"safari"} game
 * @property {("playing" | "over")} status
 * @property {number} version
 * @property {string} created
 * @property {string} updated
 * @property {(string | null)} seed
 * @property {("random" | "chosen")} deal
 * @property {boolean} rated
 * @property {number} spectators
 * @property {(number | null)} current_player
 * @property {(number | null)} active_player
 * @property {string} phase
 * @property {number} turn
 * @property {number} moves - actions played so far
 * @property {number} tiles_left
 * @property {Array<string>} legal_actions
 * @property {number} history_from - how many actions come before the first entry of history
 * @property {Array<HistoryEntry>} history - the latest actions (views/history.py: the last 50, all while there are fewer); the older ones on request (GET /api/games/{id}/history, or the socket's history message)
 * @property {Array<ScoreEntry>} score_history - the scores after each turn: every entry once the game is over, the last one while it is played
 * @property {Array<number>} winners
 * @property {(Array<Event> | null)} final_scoring
 * @property {("computer" | "end")} on_resign
 * @property {string} resign_player
 * @property {(Array<number> | null)} ranking
 * @property {(Object<string, any> | null)} ended
 * @property {Takeback} takeback
 * @property {Array<number>} hints
 * @property {(Clock | null)} clock
 * @property {(("play" | "resigned" | "time" | "aborted") | null)} ended_by
 * @property {Array<number>} times
 * @property {("computer" | "end" | "skip")} on_time
 * @property {(Replay | null)} [replay] - only in a replay's view
 * @property {Array<SafariSeat>} seats
 * @property {SafariRules} rules
 * @property {Object<string, string>} animals
 * @property {(DrawnTile | null)} drawn_tile
 * @property {Object<string, number>} remaining_tiles
 * @property {Array<string>} removed_tiles
 * @property {Array<BoardTile>} board
 * @property {Array<Feature>} features
 * @property {Array<WateringHole>} watering_holes
 * @property {HolePoints} hole_points
 * @property {Array<(Array<number> | null)>} rangers
 * @property {Array<Array<number>>} empty_spaces
 * @property {(Scoring | null)} scoring
 * @property {Tokens} tokens
 * @property {(Array<number> | null)} last_placed
 * @property {(Array<number> | null)} final_points
 */

/**
 * One finished turn, for the end chart; the last one (final: true) adds final scoring.
 * @typedef {Object} ScoreEntry
 * @property {number} turn
 * @property {(number | null)} seat
 * @property {number} moves
 * @property {Array<number>} scores
 * @property {boolean} final
 */

/**
 * In phase "score": the feature being scored and the choice asked.
 * @typedef {Object} Scoring
 * @property {number} feature
 * @property {("trail" | "bush")} kind
 * @property {Array<number>} leaders
 * @property {(number | null)} asking
 * @property {number} points
 * @property {number} points_with_token
 */

/**
 * @typedef {Object} Space
 * @property {string} space
 * @property {number} row
 * @property {number} col
 * @property {(string | null)} city
 * @property {(string | null)} tile
 * @property {(string | null)} kind
 * @property {(number | null)} camp
 * @property {Array<number>} explorers
 */

/**
 * @typedef {Object} Takeback
 * @property {Array<(number | null)>} to
 * @property {(TakebackRequest | null)} request
 * @property {(Object<string, any> | null)} last
 * @property {number} count
 */

/**
 * @typedef {Object} TakebackRequest
 * @property {number} seat
 * @property {Array<number>} by
 * @property {number} moves
 * @property {number} to
 * @property {Array<number>} waiting
 * @property {Array<number>} accepted
 */

/**
 * @typedef {Object} TileFeature
 * @property {("trail" | "bush" | "baobab")} kind
 * @property {(string | null)} [sides]
 * @property {(string | null)} [animals]
 * @property {(number | null)} [birds]
 * @property {(string | null)} [at]
 */

/**
 * @typedef {Object} Tokens
 * @property {number} supply
 * @property {Object<string, number>} discards
 * @property {Object<string, number>} on_table
 */

/**
 * @typedef {Object} WateringHole
 * @property {Array<number>} point
 * @property {Array<string>} slots
 * @property {Array<number>} meeples
 * @property {Array<Array<number>>} diggers
 * @property {boolean} complete
 * @property {(number | null)} next_points
 * @property {boolean} next_completes
 */

/**
 * A game's view, either game's (its "game" says which).
 * @typedef {(SafariView | AfricaView)} View
 */

export {};
