// @ts-check
// Africa's pictures (in art.js's sprite): the objects, gold and gems, nomads, monuments,
// the cities and a tile face down, each in a 44x40 box; a gold or gems tile ("gold-2")
// shows its kind's picture. (The animals' silhouettes: animals-art.js.)

import * as Art from "./art.js";

Art.register({ box: "0 0 44 40", aliases: { gold: "nugget", gems: "gem" }, symbols: {
  // the objects: a carved statue, a cauldron, a robe, a mask
  statue: `<path d="M17,36 h10 l-1,-3 h-8 Z" fill="#5a3a1e"/>
    <path d="M18.5,33 C18,27 16.5,22 17.3,17 C15.8,15.5 15.6,12.5 16.6,10.5 C15.7,7 17.6,4 20.6,4 C23.6,4 25.5,7 24.6,10.5 C25.6,12.5 25.4,15.5 23.9,17 C24.7,22 23.2,27 22.7,33 Z" fill="#8a5a2b"/>
    <path d="M18.6,8.5 h2 M21.2,8.5 h2 M19.3,12 h3" stroke="#3b230f" stroke-width="1" stroke-linecap="round"/>
    <path d="M17.6,19 C19.5,21 21.7,21 23.6,19 M18,24.5 h5.2" fill="none" stroke="#5a3a1e" stroke-width=".9"/>`,
  cauldron: `<path d="M9,18 h26 c0,8 -3.5,14 -13,14 c-9.5,0 -13,-6 -13,-14 Z" fill="#3b3b3f"/>
    <rect x="7.5" y="15.5" width="29" height="3.4" rx="1.6" fill="#55555b"/>
    <path d="M12,30 l-2.5,5 M32,30 l2.5,5 M22,32 v4" stroke="#3b3b3f" stroke-width="2" stroke-linecap="round"/>
    <path d="M15,13 c1,-2 -1,-4 0,-6 M22,12.5 c1.2,-2.5 -1.2,-4.5 0,-7.5 M29,13 c1,-2 -1,-4 0,-6" fill="none" stroke="#9aa3ad" stroke-width="1.2" stroke-linecap="round"/>
    <path d="M13,22 c3,1.5 5,1.5 8,0" fill="none" stroke="#6d6d75" stroke-width="1"/>`,
  robe: `<path d="M15,5 C17,7 19.5,8 22,8 C24.5,8 27,7 29,5 L37,10 L33.5,17 L30.5,15.5 L31.5,36 H12.5 L13.5,15.5 L10.5,17 L7,10 Z" fill="#b5322b"/>
    <path d="M22,8 V36" stroke="#7d1f1a" stroke-width="1"/>
    <path d="M13.2,22 H30.8 M13,28 H31" stroke="#f2c14e" stroke-width="2"/>
    <path d="M15.5,25 l2,-1.5 l2,1.5 l2,-1.5 l2,1.5 l2,-1.5 l2,1.5" fill="none" stroke="#1f1a17" stroke-width=".8"/>`,
  mask: `<path d="M22,3 C30,3 33.5,9 33.5,17 C33.5,27 28.5,37 22,37 C15.5,37 10.5,27 10.5,17 C10.5,9 14,3 22,3 Z" fill="#6b3f1f"/>
    <path d="M14.5,15.5 c2,-2 5,-2 7,0 c-2,2 -5,2 -7,0 Z M22.5,15.5 c2,-2 5,-2 7,0 c-2,2 -5,2 -7,0 Z" fill="#f5e6c8"/>
    <path d="M22,18 v7 l-2,2.5 h4 Z" fill="#4a2a12"/>
    <path d="M17.5,30.5 c3,2 6,2 9,0" fill="none" stroke="#f5e6c8" stroke-width="1.6" stroke-linecap="round"/>
    <path d="M13.5,10 h17 M15,36 l-1.5,3 M29,36 l1.5,3" stroke="#e2a63b" stroke-width="1.4"/>`,
  object: `<rect x="10" y="12" width="24" height="22" rx="3" fill="#8a3a30"/><path d="M10,18 h24" stroke="#e2a63b" stroke-width="2"/>`,
  // gold: nuggets; gems: cut stones (the tile's value draws one or two)
  nugget: `<path d="M8,27 C6,21 11,15.5 17,15 C20,11 28,11 31,16 C36,17.5 37,25 33,28.5 C28,32 14,32.5 8,27 Z" fill="#e3b325" stroke="#9a7210" stroke-width="1.2"/>
    <path d="M13.5,20.5 c2,-2 4.5,-2.5 6.5,-1.8 M24,16.5 c2.5,-.8 4.5,.2 5.5,1.8" fill="none" stroke="#fff4b8" stroke-width="1.6" stroke-linecap="round"/>`,
  gem: `<path d="M10,15 L16,8 H28 L34,15 L22,34 Z" fill="#8a4fd0" stroke="#4e2384" stroke-width="1"/>
    <path d="M10,15 H34 M16,8 L19,15 L22,8 L25,15 L28,8 M19,15 L22,34 L25,15" fill="none" stroke="#4e2384" stroke-width=".8"/>
    <path d="M16.5,10 L18.4,14" stroke="#e3d1ff" stroke-width="1.4" stroke-linecap="round"/>`,
  // nomads: a tent and its people; a monument: a stone temple with columns
  nomad: `<path d="M3,34 L15,9 L27,34 Z" fill="#c98a2c" stroke="#7a4e12" stroke-width="1"/>
    <path d="M15,9 L11,34 H19 Z" fill="#7a4e12"/>
    <path d="M15,9 L15,5 M15,5 l3,1.2 l-3,1.2" stroke="#7a4e12" stroke-width="1" fill="#b5322b"/>
    <circle cx="31.5" cy="15.5" r="2.8" fill="#3a2a1a"/>
    <path d="M28,34 L29,21 C29,19 34,19 34,21 L35,34 Z" fill="#2f5f8a"/>
    <path d="M36.5,14 V35" stroke="#5a3a1e" stroke-width="1.2" stroke-linecap="round"/>`,
  monument: `<path d="M6,13 L22,4 L38,13 Z" fill="#7f93a8" stroke="#4a5d72" stroke-width="1"/>
    <rect x="7" y="13" width="30" height="3" fill="#64788e"/>
    <g fill="#9fb1c4"><rect x="9" y="16" width="4" height="15"/><rect x="16.5" y="16" width="4" height="15"/>
    <rect x="24" y="16" width="4" height="15"/><rect x="31" y="16" width="4" height="15"/></g>
    <rect x="6" y="31" width="32" height="3" fill="#64788e"/><rect x="4" y="34" width="36" height="3" fill="#4a5d72"/>`,
  // a city: walls, a gate, domes and a tower
  city: `<path d="M4,36 V20 h5 v-4 h4 v4 h5 V12 C18,8 26,8 26,12 V20 h5 v-7 h3 l1,-4 l1,4 h3 V36 Z" fill="#f4e3c1" stroke="#7e3f22" stroke-width="1.2" stroke-linejoin="round"/>
    <path d="M18.5,36 V28 C18.5,24.5 25.5,24.5 25.5,28 V36 Z" fill="#7e3f22"/>
    <path d="M7,25 h2.5 v3 H7 Z M32,24 h2.5 v3 H32 Z M20.5,15 h3 v3.5 h-3 Z" fill="#7e3f22"/>`,
  // a tile face down (the face-down discovery tiles)
  unknown: `<circle cx="22" cy="20" r="13" fill="none" stroke="currentColor" stroke-width="2.5"/>
    <path d="M17.5,16.5 c0,-3 2,-5 4.5,-5 c2.8,0 4.6,1.8 4.6,4.2 c0,3.3 -4.2,3.6 -4.2,7.3 M22.4,27 v.5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>`,
} });
