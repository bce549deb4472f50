// The pictures of the pages, drawn once as SVG <symbol>s and patterns in a hidden sprite
// (no image files, no inline script: this file builds them) and <use>d by the board, the
// Africa map, the panels and the tile gallery: the animals as silhouettes, Africa's
// objects, treasure, nomads and monuments, the rangers' vehicle, the textures of the
// savanna, the bush and the trails; and the seats' colours with a shape each (circle,
// square, triangle, diamond, cross), so that a seat is told apart without its colour.
(() => {
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const SEAT_COLOURS = ["#d7263d", "#1f6fd1", "#7b3fb3", "#f08a00", "#0b9a8d"];
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "cross"];

function el(name, attrs = {}, children = []) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

// Markup of the sprite: every symbol in a 40x40 box (facing right), the patterns in
// the units of the board (a tile is 100).
const BODY = "currentColor";
const ANIMALS = {
  // lion: a tawny body, a dark mane round the head, a tufted tail
  lion: `
    <path d="M9.5,19 C5,19.5 3.2,24 3.6,29.5" fill="none" stroke="#b8741f" stroke-width="1.6" stroke-linecap="round"/>
    <ellipse cx="3.8" cy="30.3" rx="1.9" ry="2.3" fill="#6e3510"/>
    <rect x="8.6" y="22" width="3.6" height="13" rx="1.6" fill="#c98a2e"/>
    <rect x="13.6" y="22.5" width="3.4" height="12.5" rx="1.6" fill="#d99a3a"/>
    <rect x="22.2" y="22" width="3.6" height="13" rx="1.6" fill="#c98a2e"/>
    <rect x="26.8" y="21" width="3.4" height="14" rx="1.6" fill="#d99a3a"/>
    <path d="M8,18.5 C9.5,14 17,13.8 22,14.2 C26,14.5 29,15.5 29.5,19 C30,23.5 26,26 19,26 C12,26 7.3,23.5 8,18.5 Z" fill="#d99a3a"/>
    <path d="M24.5,13.5 C23.2,8.5 26.5,4.8 30.5,4.8 C34.5,4.8 37.3,7.6 37,11.5 C36.8,15 35.2,21 31,23.5 C27.5,25 25.5,20 24.5,13.5 Z" fill="#7a3d12"/>
    <path d="M29.5,10.5 C31.5,8.8 35,9.2 36.2,11.2 C37.5,13 38.6,15.6 37.8,17.5 C37,19.2 34.2,19.6 32.3,18.7 C30,17.6 28,12.8 29.5,10.5 Z" fill="#e2a84a"/>
    <ellipse cx="37.2" cy="16.2" rx="1.2" ry="1" fill="#3a1d08"/>
    <circle cx="33.6" cy="12.4" r=".9" fill="#2a1406"/>`,
  // elephant: a big grey body, a wide ear, a trunk hanging down, a tusk
  elephant: `
    <path d="M5.5,16.5 C3.8,19.5 3.6,23 4.3,25.5" fill="none" stroke="#6d7580" stroke-width="1.4" stroke-linecap="round"/>
    <rect x="6.4" y="22" width="5.6" height="13" rx="2" fill="#737b86"/>
    <rect x="12.6" y="23" width="5.2" height="12" rx="2" fill="#868e99"/>
    <rect x="19.6" y="23" width="5.2" height="12" rx="2" fill="#737b86"/>
    <rect x="24.8" y="22" width="5.6" height="13" rx="2" fill="#868e99"/>
    <path d="M4.8,17 C5,10 11,6.8 18,6.8 C25,6.8 30,9.5 30.5,16 C31,22 26,26 17.5,26 C9.5,26 4.6,23 4.8,17 Z" fill="#868e99"/>
    <path d="M26,9 C29,4.5 36,5 37.2,10.5 C38,14.5 37,17.5 35.2,19.5 C36.2,23 37.5,27 37.8,30.5 C38,33 36.2,34.2 34.8,33.2 C34,32.5 35,31.5 35.2,30.8 C34.5,27.5 32.2,24 30.5,21 C28,19.5 25.5,15 26,9 Z" fill="#868e99"/>
    <path d="M27.5,9.2 C24.8,8 21.5,10 21.3,14.5 C21.2,18.5 23.5,22 26.8,22.3 C29.6,22.5 30.5,19 30.2,15.5 C30,12.2 29.3,10 27.5,9.2 Z" fill="#6a727d" stroke="#5b626c" stroke-width=".6"/>
    <path d="M33.2,20.5 C34.8,23.4 36.8,24.2 39,23.4" fill="none" stroke="#fffdf5" stroke-width="1.5" stroke-linecap="round"/>
    <circle cx="33" cy="12.3" r=".9" fill="#23272d"/>`,
  // giraffe: long legs, a long neck, a small head with horns, brown patches
  giraffe: `
    <path d="M7,18 C5,21.5 4.6,25 5,28.5" fill="none" stroke="#c98f2a" stroke-width="1.1" stroke-linecap="round"/>
    <ellipse cx="5.1" cy="29.3" rx="1.1" ry="1.6" fill="#5b3613"/>
    <rect x="7.8" y="20" width="2.4" height="17" rx="1" fill="#d59a2c"/>
    <rect x="11.3" y="21" width="2.2" height="16" rx="1" fill="#e2ad45"/>
    <rect x="18.6" y="20.5" width="2.2" height="16.5" rx="1" fill="#d59a2c"/>
    <rect x="21.8" y="20" width="2.4" height="17" rx="1" fill="#e2ad45"/>
    <path d="M6.5,18 C7,14.5 11,13 17,12.5 C21,12.2 24.5,12.5 25,16.5 C25.4,20.5 22,23 15.5,23 C10,23 6.2,21.2 6.5,18 Z" fill="#e8b44c"/>
    <path d="M20.5,14.5 L28,4.2 L32.2,6.2 L25.5,19 Z" fill="#e8b44c"/>
    <path d="M27.2,5 C27.8,2.6 30.5,2 33,2.6 C35.5,3.2 38.2,5 38.4,7 C38.5,8.4 36.7,8.8 35,8.3 C33,7.7 31.3,7.6 29.7,7.7 C28,7.8 26.7,6.6 27.2,5 Z" fill="#e8b44c"/>
    <path d="M29,3.2 L28.4,0.6 M31,2.9 L31,0.4" stroke="#7a4b17" stroke-width=".9" stroke-linecap="round"/>
    <circle cx="28.4" cy=".7" r=".8" fill="#5b3613"/><circle cx="31" cy=".5" r=".8" fill="#5b3613"/>
    <ellipse cx="27.4" cy="4" rx="1.5" ry=".8" fill="#c98f2a" transform="rotate(-30 27.4 4)"/>
    <circle cx="32.8" cy="4.6" r=".75" fill="#2a1808"/>
    <g fill="#9a5a1e"><path d="M10,15.5 l3,-1 l1.2,2.6 l-2.8,1.5 Z"/><path d="M15.5,14 l3.4,-.4 l.6,3 l-3.4,.6 Z"/>
    <path d="M12,19 l3,-.4 l.4,2.4 l-3.2,.2 Z"/><path d="M17.6,18.4 l3.4,-.2 l-.2,2.6 l-3,.2 Z"/>
    <path d="M22,15 l2,-.2 l.3,2.6 l-2.2,.6 Z"/><path d="M24.2,11.4 l2,.4 l-.8,2.6 l-2,-.6 Z"/>
    <path d="M26.6,7.6 l1.7,.7 l-.9,2.3 l-1.6,-.8 Z"/><path d="M8,17.5 l1.5,-1.5 l.8,2.4 l-1.8,.8 Z"/></g>`,
  // zebra: a horse's shape, striped black and white, a dark mane
  zebra: `
    <defs><clipPath id="zebra-body"><path d="M7,17.5 C8,13.5 14,12.8 20,12.8 C23.5,12.8 25,13 26.5,11.5 L29.5,6 C31,4.5 33,4.5 34.2,5.8 C35.8,7.5 37.8,10.5 38.6,13 C39.2,14.8 37.9,16.2 36.3,15.4 C34.8,14.6 33.5,13.2 32.4,12.8 C31,15.5 29.5,18.5 28,20.5 C26.5,23.3 23,24.5 17,24.5 C10.5,24.5 6.3,22 7,17.5 Z"/></clipPath></defs>
    <path d="M7.5,17 C5.5,19.5 5,22.5 5.3,26.5" fill="none" stroke="#111" stroke-width="1.3" stroke-linecap="round"/>
    <g fill="#fafafa" stroke="#111" stroke-width=".7">
      <rect x="8.8" y="21" width="2.8" height="13.5" rx="1"/><rect x="12.4" y="21.5" width="2.8" height="13" rx="1"/>
      <rect x="20.9" y="21.5" width="2.8" height="13" rx="1"/><rect x="24.4" y="20.5" width="2.8" height="14" rx="1"/></g>
    <g stroke="#111" stroke-width="1.1"><path d="M8.8,25 h2.8 M8.8,28 h2.8 M12.4,25 h2.8 M12.4,28 h2.8 M20.9,25 h2.8 M20.9,28 h2.8 M24.4,25 h2.8 M24.4,28 h2.8"/>
      <path d="M8.8,33.6 h2.8 M12.4,33.6 h2.8 M20.9,33.6 h2.8 M24.4,33.6 h2.8" stroke-width="1.8"/></g>
    <path d="M7,17.5 C8,13.5 14,12.8 20,12.8 C23.5,12.8 25,13 26.5,11.5 L29.5,6 C31,4.5 33,4.5 34.2,5.8 C35.8,7.5 37.8,10.5 38.6,13 C39.2,14.8 37.9,16.2 36.3,15.4 C34.8,14.6 33.5,13.2 32.4,12.8 C31,15.5 29.5,18.5 28,20.5 C26.5,23.3 23,24.5 17,24.5 C10.5,24.5 6.3,22 7,17.5 Z" fill="#fafafa"/>
    <g clip-path="url(#zebra-body)" stroke="#111" stroke-width="1.5" fill="none">
      <path d="M10,12 C9,16 9.5,21 10.5,25 M13.2,12 C12.5,16 12.8,21 13.6,25 M16.4,12 C16,16 16.2,21 16.8,25 M19.6,12 C19.4,16 19.6,21 20,25 M22.8,12 C23,16 23,21 23.2,25 M25.8,12 C26.4,15 26.4,19 26,23"/>
      <path d="M27.5,10 L31,12.5 M28.6,7.8 L32,10.3 M30,5.6 L33.4,8.4 M29,15.5 L31.5,16.5"/>
      <path d="M36.5,11 L38.8,14" stroke-width="2.4"/></g>
    <path d="M7,17.5 C8,13.5 14,12.8 20,12.8 C23.5,12.8 25,13 26.5,11.5 L29.5,6 C31,4.5 33,4.5 34.2,5.8 C35.8,7.5 37.8,10.5 38.6,13 C39.2,14.8 37.9,16.2 36.3,15.4 C34.8,14.6 33.5,13.2 32.4,12.8 C31,15.5 29.5,18.5 28,20.5 C26.5,23.3 23,24.5 17,24.5 C10.5,24.5 6.3,22 7,17.5 Z" fill="none" stroke="#111" stroke-width=".8"/>
    <path d="M26.3,11.8 L29.4,5.6 C30,4.6 31,4.2 32,4.3" fill="none" stroke="#111" stroke-width="1.8" stroke-dasharray="1 .6"/>
    <path d="M31.2,5 L31.4,2.2 L33,4.8 Z" fill="#111"/>
    <circle cx="34" cy="8.4" r=".8" fill="#111"/>`,
  // ape: a gorilla walking on its knuckles, a big back, long arms
  ape: `
    <path d="M10.5,23 C9.5,27 9,31 9.5,35" fill="none" stroke="#3d2a1d" stroke-width="4.6" stroke-linecap="round"/>
    <path d="M24,18 C24.5,24 25,29 24.8,35" fill="none" stroke="#3d2a1d" stroke-width="4.2" stroke-linecap="round"/>
    <path d="M6,25.5 C4.5,18 8.5,10.5 17,9.2 C23.5,8.2 29.5,9.6 31.5,14 C32.8,17 31.5,20 29,21.5 C24,24.5 13,27 6,25.5 Z" fill="#4f3726"/>
    <path d="M14.5,24.5 C15,28 15.3,31.5 15,35" fill="none" stroke="#4f3726" stroke-width="4.8" stroke-linecap="round"/>
    <path d="M28.5,15 C30,21 30.5,27 30.5,34.5" fill="none" stroke="#4f3726" stroke-width="5" stroke-linecap="round"/>
    <path d="M8.5,35.2 h3.4 M13.4,35.2 h3.6 M29,35.2 h3.8" stroke="#2e1f15" stroke-width="1.6" stroke-linecap="round"/>
    <path d="M27.5,11.5 C27,7.2 30,4.4 33.2,4.6 C36.6,4.8 38.4,7.6 38.2,11 C38,14.5 36.2,17 33,17 C30,17 28,15 27.5,11.5 Z" fill="#4f3726"/>
    <path d="M31.8,9.6 C33.5,8.6 36.8,8.8 37.6,10.6 C38.4,12.6 37.6,15.6 35,16.2 C32.6,16.7 30.6,14.8 30.8,12.5 C30.9,11.3 31.1,10.1 31.8,9.6 Z" fill="#a1826a"/>
    <path d="M31.3,8.8 C33.3,7.6 36.2,7.6 37.9,9" fill="none" stroke="#2e1f15" stroke-width="1.3" stroke-linecap="round"/>
    <circle cx="35.6" cy="10.4" r=".8" fill="#1a100a"/>
    <path d="M35.6,13.9 C36.5,14.2 37.3,14 37.8,13.4" fill="none" stroke="#4a3220" stroke-width=".6"/>`,
  // rhino (Africa): a heavy body, thick legs, two horns on the snout
  rhino: `
    <path d="M5,17.5 C3.6,20 3.5,23 4.2,25" fill="none" stroke="#6f675d" stroke-width="1.3" stroke-linecap="round"/>
    <rect x="6.6" y="22" width="5" height="12" rx="1.8" fill="#7c7469"/>
    <rect x="12.4" y="23" width="4.8" height="11" rx="1.8" fill="#8e867b"/>
    <rect x="21" y="23" width="4.8" height="11" rx="1.8" fill="#7c7469"/>
    <rect x="26" y="22" width="5" height="12" rx="1.8" fill="#8e867b"/>
    <path d="M4.8,18.5 C5.2,12 11,9 18.5,9 C24.5,9 28.5,10.5 30,13.5 C34,14.5 37.5,17.5 39,21 C39.5,22.5 38.5,24 36.5,23.6 C34.5,23.2 32.5,23.2 31,24 C28,26.5 23,26.8 17.5,26.8 C10,26.8 4.4,24.5 4.8,18.5 Z" fill="#8e867b"/>
    <path d="M36,17.8 C36.2,14.5 37,11 38.5,8.5 C38.6,11.5 38.8,15 38.4,19.5 Z" fill="#e9e1cf" stroke="#6f675d" stroke-width=".5"/>
    <path d="M32.8,16.2 C33,14.5 33.6,13 34.4,12 C34.6,13.5 34.7,15 34.4,16.6 Z" fill="#e9e1cf" stroke="#6f675d" stroke-width=".5"/>
    <path d="M27.5,11.6 L28.2,7.8 L30,11.2 Z" fill="#7c7469"/>
    <circle cx="31.3" cy="16" r=".8" fill="#24201b"/>
    <path d="M14,13.5 C17,14.5 21,14.5 24,13.5" fill="none" stroke="#7c7469" stroke-width=".7"/>`,
};

const THINGS = {
  // Africa's objects: a carved statue, a cauldron, a robe, a mask
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
  // the rangers' vehicle: a white open jeep (the game's two rangers are white and neutral)
  ranger: `<path d="M3,25 V19 C3,17.5 4,16.5 5.5,16.5 H11 L15,10 H27 L29,16.5 H35 C36.8,16.5 38,18 38,20 V25 Z" fill="#fbfaf5" stroke="#2d3b22" stroke-width="1.3" stroke-linejoin="round"/>
    <path d="M16.2,11.5 H21.4 V16.5 H13.3 Z M23,11.5 H26.4 L27.6,16.5 H23 Z" fill="#9cc3d6" stroke="#2d3b22" stroke-width=".8"/>
    <path d="M3.5,21 H37.5" stroke="#6f8a3c" stroke-width="2"/>
    <rect x="35.6" y="18" width="2.4" height="2" rx=".5" fill="#ffd23f" stroke="#2d3b22" stroke-width=".4"/>
    <circle cx="11" cy="26" r="4.6" fill="#23262a"/><circle cx="11" cy="26" r="1.8" fill="#c9cdd2"/>
    <circle cx="30" cy="26" r="4.6" fill="#23262a"/><circle cx="30" cy="26" r="1.8" fill="#c9cdd2"/>
    <path d="M5,16.5 L6.5,12 H10" fill="none" stroke="#2d3b22" stroke-width="1.1"/>`,
  // a city: walls, a gate, domes and a tower
  city: `<path d="M4,36 V20 h5 v-4 h4 v4 h5 V12 C18,8 26,8 26,12 V20 h5 v-7 h3 l1,-4 l1,4 h3 V36 Z" fill="#f4e3c1" stroke="#7e3f22" stroke-width="1.2" stroke-linejoin="round"/>
    <path d="M18.5,36 V28 C18.5,24.5 25.5,24.5 25.5,28 V36 Z" fill="#7e3f22"/>
    <path d="M7,25 h2.5 v3 H7 Z M32,24 h2.5 v3 H32 Z M20.5,15 h3 v3.5 h-3 Z" fill="#7e3f22"/>`,
  // a token face down (Africa's face-down discovery tiles)
  unknown: `<circle cx="22" cy="20" r="13" fill="none" stroke="currentColor" stroke-width="2.5"/>
    <path d="M17.5,16.5 c0,-3 2,-5 4.5,-5 c2.8,0 4.6,1.8 4.6,4.2 c0,3.3 -4.2,3.6 -4.2,7.3 M22.4,27 v.5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>`,
};

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

const SPRITE_ID = "savanna-art";

// The sprite, once per document (kept out of sight, not display:none: patterns in a
// display:none SVG do not paint).
function ensure() {
  if (document.getElementById(SPRITE_ID)) return;
  const svg = el("svg", { id: SPRITE_ID, width: 0, height: 0, "aria-hidden": "true", focusable: "false",
    style: "position:absolute;width:0;height:0;overflow:hidden" });
  const parts = [];
  for (const [k, body] of Object.entries(ANIMALS)) parts.push(`<symbol id="art-${k}" viewBox="0 0 40 40">${body}</symbol>`);
  for (const [k, body] of Object.entries(THINGS)) parts.push(`<symbol id="art-${k}" viewBox="0 0 44 40">${body}</symbol>`);
  svg.innerHTML = `<defs>${PATTERNS}</defs>${parts.join("")}`;
  (document.body || document.documentElement).prepend(svg);
}

// Which picture an animal or a tile has: a Safari letter (the tile set names them) or
// an Africa tile's id; null when there is none (the caller draws its words instead).
const LETTERS = { A: "ape", E: "elephant", G: "giraffe", L: "lion", Z: "zebra" };
function picture(key, names = {}) {
  const name = String(names[key] || LETTERS[key] || key || "").toLowerCase();
  if (ANIMALS[name] || THINGS[name]) return name;
  const base = name.replace(/-\d+$/, "");
  if (base === "gold") return "nugget";
  if (base === "gems") return "gem";
  if (ANIMALS[base] || THINGS[base]) return base;
  return null;
}

function use(name, x, y, w, h = w, attrs = {}) {
  ensure();
  return el("use", { href: `#art-${name}`, x, y, width: w, height: h, ...attrs });
}

// ------------------------------------------------------------------------ seats

// A seat's shape as a path centred on (cx, cy), about r from the centre.
function shapePath(seat, cx, cy, r) {
  const f = n => +n.toFixed(2);
  switch (SEAT_SHAPES[seat % SEAT_SHAPES.length]) {
    case "circle": return `M${f(cx - r)},${f(cy)} a${f(r)},${f(r)} 0 1 0 ${f(2 * r)},0 a${f(r)},${f(r)} 0 1 0 ${f(-2 * r)},0 Z`;
    case "square": { const s = r * 0.86; return `M${f(cx - s)},${f(cy - s)} h${f(2 * s)} v${f(2 * s)} h${f(-2 * s)} Z`; }
    case "triangle": return `M${f(cx)},${f(cy - r * 1.1)} L${f(cx + r * 1.05)},${f(cy + r * 0.8)} L${f(cx - r * 1.05)},${f(cy + r * 0.8)} Z`;
    case "diamond": return `M${f(cx)},${f(cy - r * 1.15)} L${f(cx + r * 1.0)},${f(cy)} L${f(cx)},${f(cy + r * 1.15)} L${f(cx - r * 1.0)},${f(cy)} Z`;
    default: { const a = r * 1.05, b = r * 0.38; // a cross
      return `M${f(cx - b)},${f(cy - a)} h${f(2 * b)} v${f(a - b)} h${f(a - b)} v${f(2 * b)} h${f(b - a)} v${f(a - b)} h${f(-2 * b)} v${f(b - a)} h${f(b - a)} v${f(-2 * b)} h${f(a - b)} Z`; }
  }
}

// A small inline picture of a seat for the panels: its shape in its colour.
function seatBadge(seat, size = 14, extra = {}) {
  const svg = el("svg", { viewBox: "0 0 16 16", width: size, height: size, class: "seat-badge", "data-seat": seat,
    "aria-hidden": "true", focusable: "false", ...extra });
  svg.appendChild(el("path", { d: shapePath(seat, 8, 8, 6.2), fill: SEAT_COLOURS[seat % SEAT_COLOURS.length],
    stroke: "rgba(0,0,0,.55)", "stroke-width": 1.1, "stroke-linejoin": "round" }));
  return svg;
}

// The classic meeple (a 20x20 outline, head, arms out, legs apart) centred on (x, y),
// `size` wide, as path data.
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
  return shapePath(seat, x, y + 0.05 * size, 0.15 * size);
}

window.SavannaArt = { ensure, use, picture, SEAT_COLOURS, SEAT_SHAPES, shapePath, seatBadge, meeplePath, meepleMark, ANIMALS, THINGS };
})();
