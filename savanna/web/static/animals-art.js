// @ts-check
// The animals' silhouettes, for any game that draws an animal by its name (in art.js's
// sprite): each in a 40x40 box, facing right.

import * as Art from "./art.js";

Art.register({ symbols: {
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
  // rhino: a heavy body, thick legs, two horns on the snout
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
} });
