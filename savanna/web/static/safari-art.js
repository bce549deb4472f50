// @ts-check
// Carcassonne Safari's pictures (in art.js's sprite): the rangers' vehicle, the textures of
// the savanna and the bush (in board units: a tile is 100), and the classic meeple with its
// seat's mark; its animals go by their letters in the tile data (their silhouettes:
// animals-art.js).

import * as ART from "./art.js";
import * as Games from "./games.js";

// patterns in board units: the savanna's grass, the bush's leaves; a tile's inside (less its border)
const PATTERNS = `
  <clipPath id="clip-tile-inner" clipPathUnits="userSpaceOnUse"><rect x="1.6" y="1.6" width="96.8" height="96.8"/></clipPath>
  <pattern id="tex-grass" patternUnits="userSpaceOnUse" width="25" height="25">
    <path d="M4,8 l1.2,-3 M5.4,8 l.2,-3.4 M6.8,8 l-.8,-2.8 M15,20 l1.1,-2.8 M16.3,20 l.3,-3.1 M17.6,20 l-.9,-2.6 M19,5.5 l.8,-2.2 M20.2,5.5 l-.4,-2.4 M9.5,16.5 h1.5"
      stroke="#c2a55e" stroke-width=".9" stroke-linecap="round" fill="none" opacity=".75"/>
    <circle cx="22" cy="14" r=".8" fill="#d8bf7a"/><circle cx="11" cy="3" r=".7" fill="#d8bf7a"/>
  </pattern>
  <pattern id="tex-bush" patternUnits="userSpaceOnUse" width="36" height="36">
    <rect width="36" height="36" fill="#548f31"/>
    <g fill="#619d3b"><circle cx="5" cy="6" r="5.5"/><circle cx="19" cy="4" r="4"/><circle cx="30" cy="11" r="6"/>
      <circle cx="12" cy="17" r="6.5"/><circle cx="26" cy="25" r="5"/><circle cx="6" cy="30" r="5.5"/><circle cx="36" cy="36" r="4.5"/>
      <circle cx="0" cy="36" r="4.5"/><circle cx="36" cy="0" r="4"/><circle cx="18" cy="32" r="3.5"/></g>
    <g fill="none" stroke="#7cb350" stroke-width="1.1" stroke-linecap="round">
      <path d="M2.5,4 a3,3 0 0 1 4.5,-.6 M27,8.5 a3.5,3.5 0 0 1 5,-.4 M9,14.5 a4,4 0 0 1 5.5,-.3 M23.5,23 a3,3 0 0 1 4.4,0 M3.5,28 a3,3 0 0 1 4.4,0 M16.5,30.5 a2,2 0 0 1 3,0"/></g>
    <g stroke="#3c6e22" stroke-width="1.2" stroke-linecap="round"><path d="M12,4 l1,1.6 M22,14 l1.4,.6 M3,19 l1.2,1.2 M31,31 l-.6,1.6 M20,22 l-1,1.2 M33,20 l.4,1.6"/></g>
  </pattern>`;

// the rangers' vehicle: a white open jeep (the game's two rangers are white and neutral)
const RANGER = `<path d="M3,25 V19 C3,17.5 4,16.5 5.5,16.5 H11 L15,10 H27 L29,16.5 H35 C36.8,16.5 38,18 38,20 V25 Z" fill="#fbfaf5" stroke="#2d3b22" stroke-width="1.3" stroke-linejoin="round"/>
    <path d="M16.2,11.5 H21.4 V16.5 H13.3 Z M23,11.5 H26.4 L27.6,16.5 H23 Z" fill="#9cc3d6" stroke="#2d3b22" stroke-width=".8"/>
    <path d="M3.5,21 H37.5" stroke="#6f8a3c" stroke-width="2"/>
    <rect x="35.6" y="18" width="2.4" height="2" rx=".5" fill="#ffd23f" stroke="#2d3b22" stroke-width=".4"/>
    <circle cx="11" cy="26" r="4.6" fill="#23262a"/><circle cx="11" cy="26" r="1.8" fill="#c9cdd2"/>
    <circle cx="30" cy="26" r="4.6" fill="#23262a"/><circle cx="30" cy="26" r="1.8" fill="#c9cdd2"/>
    <path d="M5,16.5 L6.5,12 H10" fill="none" stroke="#2d3b22" stroke-width="1.1"/>`;

ART.register({ defs: PATTERNS, box: "0 0 44 40", symbols: { ranger: RANGER },
  aliases: { A: "ape", E: "elephant", G: "giraffe", L: "lion", Z: "zebra" } });

// The classic meeple (a 20x20 outline, head, arms out, legs apart) centred on (x, y),
// `size` wide, as path data.
/** @type {Array<[string, ...number[]]>} */
const MEEPLE = [["M", 10, 1.2], ["C", 11.9, 1.2, 13.3, 2.6, 13.3, 4.5], ["C", 13.3, 5.6, 12.8, 6.5, 12.1, 7.1],
  ["C", 14.9, 7.4, 18.4, 8.3, 18.8, 9.6], ["C", 19.2, 11, 16.6, 11.6, 14, 11.2], ["C", 14.4, 13.5, 16.2, 16.6, 17.3, 18.4],
  ["C", 17.6, 18.9, 17.3, 19.4, 16.7, 19.4], ["L", 12.2, 19.4], ["C", 11.6, 17.6, 10.8, 15.9, 10, 15.9],
  ["C", 9.2, 15.9, 8.4, 17.6, 7.8, 19.4], ["L", 3.3, 19.4], ["C", 2.7, 19.4, 2.4, 18.9, 2.7, 18.4],
  ["C", 3.8, 16.6, 5.6, 13.5, 6, 11.2], ["C", 3.4, 11.6, 0.8, 11, 1.2, 9.6], ["C", 1.6, 8.3, 5.1, 7.4, 7.9, 7.1],
  ["C", 7.2, 6.5, 6.7, 5.6, 6.7, 4.5], ["C", 6.7, 2.6, 8.1, 1.2, 10, 1.2], ["Z"]];

function meeplePath(x, y, size = 15) {
  const s = size / 20;
  return MEEPLE.map(([c, ...n]) => c + n.map((v, i) => +((i % 2 ? y + (v - 10.3) * s : x + (v - 10) * s)).toFixed(2)).join(",")).join(" ");
}

// where a meeple's mark goes (its chest) and how big
function meepleMark(x, y, seat, size = 15) {
  return ART.shapePath(seat, x, y + 0.05 * size, 0.15 * size);
}

Games.register("safari", { art: { meeplePath, meepleMark } });
