"""The edge of the web app: what parses, checks, calls down and answers, and nothing else.
`guard` (security headers, body limits, origins, token redaction), `bodies` (the request
models), `routes` (REST and pages), `socket` (the WebSocket as a table of message handlers),
`errors` (how errors are answered), `ratelimit`, `i18n`, and `tcp` (the TCP connections before
a request is read: a deadline for its headers, caps per address and in all). No rule and no game's name: a
game's own routes live in a module named for it, which its description names."""
