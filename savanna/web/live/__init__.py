"""The live side of the web app, where asyncio lives: the games in play and their connections
(`games`, `connection`), the views each connection holds and the messages that bring it up to
date (`feed`, `outbox`), computer searches in worker processes (`searches`, `worker`), several
server processes on one database (`cluster`), and the expiry of abandoned games (`expiry`)."""
