// @ts-check
// The accounts' pages (accounts.html): an account's own page, a player's profile and the
// leaderboard; each draws itself when the page's path is its own.
export { accountPage } from "./account.js";
export { playerPage } from "./player.js";
export { leaderboard } from "./leaderboard.js";
