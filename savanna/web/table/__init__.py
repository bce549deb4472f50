"""The game room, synchronous and without FastAPI or asyncio: what may be done to a stored game
and by whom. `service.GameService` creates, imports, plays, exports and lists games through the
engines (each known by its description, savanna.games); the room's concerns beside it each have
a file and are handed the service (`resign`, `takeback`), using only its public methods. Below it
is only the store; the views, the live games and the edge call down into it."""
