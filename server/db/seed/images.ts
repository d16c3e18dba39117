/**
 * Generated flat illustrations for the demo data: a soft gradient in the category's colour and a simple vector
 * shape (bottle, loaf, apple …). No downloads; every file is a small SVG written under `${imagesDir}/seed/`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRandom, hashString } from './random';

/** Public URL prefix of the generated files: the server serves imagesDir at /uploads/. */
export const SEED_IMAGES_URL = '/uploads/seed';
export const SEED_IMAGES_SUBDIR = 'seed';

type Palette = { main: string; dark: string; light: string; pale: string };
type Icon = { hue: number; sat: number; light: number; draw: (p: Palette) => string };

const LEAF = '#5aa84a';
const LEAF_DARK = '#3e7d33';
const STROKE = 'stroke-linecap="round" stroke-linejoin="round"';

const ICONS = {
  bottle: {
    hue: 205,
    sat: 70,
    light: 50,
    draw: (p) =>
      `<rect x="72" y="62" width="56" height="104" rx="16" fill="#fbfbf7" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M86 63V44h28v19" fill="#fbfbf7" stroke="${p.dark}" stroke-width="3"/>` +
      `<rect x="81" y="30" width="38" height="15" rx="4" fill="${p.main}"/>` +
      `<rect x="74" y="98" width="52" height="38" fill="${p.main}"/>` +
      `<path d="M84 117h32" stroke="#fff" stroke-width="4" ${STROKE} opacity=".75"/>` +
      `<rect x="80" y="70" width="7" height="22" rx="3.5" fill="${p.pale}"/>`,
  },
  juice: {
    hue: 28,
    sat: 85,
    light: 55,
    draw: (p) =>
      `<rect x="72" y="62" width="56" height="104" rx="16" fill="${p.pale}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M75 90h50v60q0 13-13 13H88q-13 0-13-13z" fill="${p.main}"/>` +
      `<path d="M86 63V44h28v19" fill="${p.pale}" stroke="${p.dark}" stroke-width="3"/>` +
      `<rect x="81" y="30" width="38" height="15" rx="4" fill="${p.dark}"/>` +
      `<rect x="80" y="70" width="7" height="70" rx="3.5" fill="#fff" opacity=".55"/>`,
  },
  tub: {
    hue: 200,
    sat: 60,
    light: 55,
    draw: (p) =>
      `<path d="M58 84h84l-10 74q-32 10-64 0z" fill="#fdfdfb" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M63 110h74l-3 26H66z" fill="${p.main}"/>` +
      `<ellipse cx="100" cy="84" rx="45" ry="11" fill="${p.light}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M88 123h24" stroke="#fff" stroke-width="4" ${STROKE}/>`,
  },
  butter: {
    hue: 48,
    sat: 90,
    light: 62,
    draw: (p) =>
      `<path d="M46 112l54-22 56 18-54 24z" fill="${p.pale}" stroke="${p.dark}" stroke-width="2.5" ${STROKE}/>` +
      `<path d="M46 112v32l56 20v-32z" fill="${p.light}" stroke="${p.dark}" stroke-width="2.5" ${STROKE}/>` +
      `<path d="M102 132v32l54-22v-34z" fill="${p.main}" stroke="${p.dark}" stroke-width="2.5" ${STROKE}/>` +
      `<path d="M46 128l56 20 54-22" fill="none" stroke="#2f6fb5" stroke-width="6" opacity=".7"/>`,
  },
  cheese: {
    hue: 46,
    sat: 92,
    light: 58,
    draw: (p) =>
      `<path d="M38 118L164 78v40z" fill="${p.light}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M38 118h126v44H38z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<circle cx="68" cy="139" r="9" fill="${p.dark}" opacity=".55"/>` +
      `<circle cx="104" cy="148" r="6" fill="${p.dark}" opacity=".55"/>` +
      `<circle cx="138" cy="134" r="10" fill="${p.dark}" opacity=".55"/>` +
      `<ellipse cx="140" cy="100" rx="7" ry="3" fill="${p.dark}" opacity=".45"/>`,
  },
  eggs: {
    hue: 32,
    sat: 60,
    light: 78,
    draw: (p) =>
      `<ellipse cx="76" cy="118" rx="25" ry="33" fill="${p.main}" stroke="${p.dark}" stroke-width="2.5"/>` +
      `<ellipse cx="126" cy="114" rx="25" ry="33" fill="${p.light}" stroke="${p.dark}" stroke-width="2.5"/>` +
      `<ellipse cx="101" cy="134" rx="27" ry="35" fill="${p.pale}" stroke="${p.dark}" stroke-width="2.5"/>` +
      `<ellipse cx="92" cy="120" rx="6" ry="11" fill="#fff" opacity=".8"/>`,
  },
  loaf: {
    hue: 30,
    sat: 62,
    light: 48,
    draw: (p) =>
      `<path d="M36 152q-6-64 64-68 70 4 64 68z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M70 104q9 16 4 34M100 96q9 18 4 40M130 104q9 16 4 34" stroke="${p.light}" stroke-width="6" fill="none" ${STROKE}/>` +
      `<path d="M36 152h128" stroke="${p.dark}" stroke-width="3"/>`,
  },
  baguette: {
    hue: 34,
    sat: 70,
    light: 55,
    draw: (p) =>
      `<g transform="rotate(-22 100 112)"><ellipse cx="100" cy="112" rx="80" ry="21" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M50 104l14 12M80 102l14 14M110 102l14 14M140 104l12 12" stroke="${p.light}" stroke-width="6" ${STROKE}/></g>`,
  },
  bun: {
    hue: 32,
    sat: 72,
    light: 52,
    draw: (p) =>
      `<path d="M48 146q-8-62 52-64 60 2 52 64z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M64 112q36-24 72 0" stroke="${p.light}" stroke-width="7" fill="none" ${STROKE}/>` +
      `<g fill="#fff7e6"><ellipse cx="84" cy="100" rx="3" ry="1.6"/><ellipse cx="104" cy="94" rx="3" ry="1.6"/>` +
      `<ellipse cx="122" cy="104" rx="3" ry="1.6"/><ellipse cx="96" cy="124" rx="3" ry="1.6"/></g>` +
      `<path d="M48 146h104" stroke="${p.dark}" stroke-width="3"/>`,
  },
  pie: {
    hue: 28,
    sat: 70,
    light: 54,
    draw: (p) =>
      `<path d="M40 122v20q60 26 120 0v-20z" fill="${p.dark}"/>` +
      `<ellipse cx="100" cy="122" rx="60" ry="21" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M64 112l40 22M84 106l40 22M120 108l-36 26M140 116l-30 18" stroke="${p.light}" stroke-width="6" ${STROKE}/>` +
      `<circle cx="94" cy="118" r="4" fill="#b3263a"/><circle cx="118" cy="124" r="4" fill="#b3263a"/>`,
  },
  cake: {
    hue: 330,
    sat: 60,
    light: 70,
    draw: (p) =>
      `<path d="M48 98v52q52 20 104 0V98z" fill="#8a5a3c"/>` +
      `<path d="M48 120q52 20 104 0v10q-52 20-104 0z" fill="${p.light}"/>` +
      `<ellipse cx="100" cy="98" rx="52" ry="16" fill="${p.pale}" stroke="${p.main}" stroke-width="3"/>` +
      `<circle cx="100" cy="88" r="8" fill="#c0263a"/><path d="M100 80q4-10 12-12" stroke="${LEAF_DARK}" stroke-width="2" fill="none"/>`,
  },
  steak: {
    hue: 356,
    sat: 62,
    light: 46,
    draw: (p) =>
      `<path d="M42 112q6-40 56-38 52-4 62 30 8 34-30 46-46 12-70-6-22-12-18-32z" fill="${p.main}" stroke="${p.dark}" stroke-width="4" ${STROKE}/>` +
      `<path d="M60 118q28-30 76-20" stroke="#f8e4d6" stroke-width="7" fill="none" ${STROKE}/>` +
      `<circle cx="124" cy="128" r="10" fill="#f8e4d6" stroke="${p.dark}" stroke-width="3"/>`,
  },
  drumstick: {
    hue: 26,
    sat: 62,
    light: 58,
    draw: (p) =>
      `<g transform="rotate(-28 100 112)"><ellipse cx="82" cy="112" rx="46" ry="34" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<rect x="122" y="105" width="36" height="14" rx="7" fill="#f5efe3"/>` +
      `<circle cx="160" cy="105" r="8" fill="#f5efe3"/><circle cx="160" cy="119" r="8" fill="#f5efe3"/>` +
      `<path d="M58 100q14-12 30-8" stroke="${p.light}" stroke-width="6" fill="none" ${STROKE}/></g>`,
  },
  sausage: {
    hue: 8,
    sat: 55,
    light: 45,
    draw: (p) =>
      `<path d="M42 98q58-26 116 0" stroke="${p.dark}" stroke-width="34" fill="none" ${STROKE}/>` +
      `<path d="M42 98q58-26 116 0" stroke="${p.main}" stroke-width="28" fill="none" ${STROKE}/>` +
      `<circle cx="84" cy="140" r="22" fill="#f3b3a6" stroke="${p.dark}" stroke-width="3"/>` +
      `<circle cx="122" cy="146" r="18" fill="#f3b3a6" stroke="${p.dark}" stroke-width="3"/>` +
      `<g fill="#fff" opacity=".85"><circle cx="78" cy="136" r="2.5"/><circle cx="90" cy="146" r="2"/><circle cx="120" cy="142" r="2.5"/></g>`,
  },
  fish: {
    hue: 200,
    sat: 45,
    light: 58,
    draw: (p) =>
      `<path d="M140 112l28-25v50z" fill="${p.dark}" ${STROKE}/>` +
      `<path d="M34 112q53-54 108 0-55 54-108 0z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M96 86q12-18 32-6" fill="${p.dark}"/>` +
      `<path d="M84 90q12 22 0 44" stroke="${p.light}" stroke-width="3" fill="none"/>` +
      `<circle cx="60" cy="106" r="5.5" fill="#fff"/><circle cx="60" cy="106" r="2.6" fill="#1d2a33"/>`,
  },
  salmon: {
    hue: 14,
    sat: 88,
    light: 66,
    draw: (p) =>
      `<path d="M40 140q-4-40 40-54l76-12q10 30-4 54l-80 24q-28 6-32-12z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M70 104q10 20 4 44M94 94q12 22 6 46M118 88q12 22 8 44" stroke="#fff" stroke-width="4" fill="none" opacity=".7" ${STROKE}/>`,
  },
  shrimp: {
    hue: 12,
    sat: 85,
    light: 60,
    draw: (p) =>
      `<path d="M132 70a42 42 0 1 0-2 76" stroke="${p.dark}" stroke-width="32" fill="none" ${STROKE}/>` +
      `<path d="M132 70a42 42 0 1 0-2 76" stroke="${p.main}" stroke-width="26" fill="none" ${STROKE}/>` +
      `<path d="M70 92l16 8M64 114h18M70 136l16-8M92 150l6-14" stroke="${p.light}" stroke-width="4" ${STROKE}/>` +
      `<path d="M130 146l22 8-6-20z" fill="${p.dark}"/><circle cx="128" cy="72" r="3" fill="#1d2a33"/>`,
  },
  apple: {
    hue: 356,
    sat: 75,
    light: 50,
    draw: (p) =>
      `<path d="M100 80c-14-10-52-10-56 30-4 40 26 62 42 58 8-2 10-4 14-4s6 2 14 4c16 4 46-18 42-58-4-40-42-40-56-30z" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M100 82q-2-16 8-26" stroke="#6b4a2b" stroke-width="5" fill="none" ${STROKE}/>` +
      `<path d="M108 62q18-18 34-6-16 16-34 6z" fill="${LEAF}"/>` +
      `<ellipse cx="70" cy="108" rx="7" ry="14" fill="#fff" opacity=".35"/>`,
  },
  pear: {
    hue: 70,
    sat: 65,
    light: 50,
    draw: (p) =>
      `<path d="M100 62c-12 0-16 14-18 28-2 12-28 22-28 48 0 22 20 30 46 30s46-8 46-30c0-26-26-36-28-48-2-14-6-28-18-28z" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M100 64q0-14 8-22" stroke="#6b4a2b" stroke-width="5" fill="none" ${STROKE}/>` +
      `<path d="M106 50q16-14 30-4-14 12-30 4z" fill="${LEAF}"/>` +
      `<ellipse cx="76" cy="134" rx="6" ry="12" fill="#fff" opacity=".35"/>`,
  },
  citrus: {
    hue: 32,
    sat: 95,
    light: 55,
    draw: (p) =>
      `<circle cx="86" cy="108" r="46" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M86 62q6-12 20-10" stroke="${LEAF_DARK}" stroke-width="4" fill="none" ${STROKE}/>` +
      `<circle cx="132" cy="138" r="28" fill="${p.pale}" stroke="${p.dark}" stroke-width="3"/>` +
      `<circle cx="132" cy="138" r="21" fill="${p.light}"/>` +
      `<path d="M132 117v42M111 138h42M117 123l30 30M147 123l-30 30" stroke="${p.pale}" stroke-width="2.5"/>`,
  },
  banana: {
    hue: 50,
    sat: 92,
    light: 58,
    draw: (p) =>
      `<path d="M46 82q8 72 100 58 14-4 12-14-70 10-96-48z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M58 96q18 44 88 38" stroke="${p.light}" stroke-width="5" fill="none" ${STROKE}/>` +
      `<path d="M46 82l-4-10 14 4z" fill="#5b4a2a"/>`,
  },
  berries: {
    hue: 340,
    sat: 70,
    light: 45,
    draw: (p) =>
      `<path d="M96 82q-10-20 6-30M100 82q14-16 30-10" stroke="${LEAF_DARK}" stroke-width="4" fill="none" ${STROKE}/>` +
      `<path d="M102 66q20-14 34 0-18 10-34 0z" fill="${LEAF}"/>` +
      [
        [80, 110, 20],
        [114, 104, 20],
        [96, 138, 21],
        [130, 136, 19],
        [64, 142, 17],
      ]
        .map(
          ([x, y, r]) =>
            `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.main}" stroke="${p.dark}" stroke-width="2.5"/>` +
            `<circle cx="${(x ?? 0) - 6}" cy="${(y ?? 0) - 6}" r="4" fill="#fff" opacity=".5"/>`,
        )
        .join(''),
  },
  carrot: {
    hue: 24,
    sat: 90,
    light: 54,
    draw: (p) =>
      `<g transform="rotate(-24 100 112)"><path d="M80 72h40l-14 96q-6 8-12 0z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M86 92h12M92 114h12M94 136h8" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M100 72q-14-22-4-40M100 72q0-26 14-36M100 72q12-18 28-20" stroke="${LEAF}" stroke-width="6" fill="none" ${STROKE}/></g>`,
  },
  potato: {
    hue: 36,
    sat: 50,
    light: 58,
    draw: (p) =>
      `<path d="M44 126q-2-36 40-38 36-2 42 24 4 30-38 38-42 6-44-24z" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<ellipse cx="128" cy="136" rx="34" ry="26" fill="${p.light}" stroke="${p.dark}" stroke-width="3"/>` +
      `<g fill="${p.dark}" opacity=".6"><circle cx="66" cy="116" r="2.5"/><circle cx="92" cy="132" r="2.5"/>` +
      `<circle cx="80" cy="104" r="2"/><circle cx="124" cy="130" r="2.5"/><circle cx="140" cy="144" r="2"/></g>`,
  },
  tomato: {
    hue: 4,
    sat: 80,
    light: 52,
    draw: (p) =>
      `<ellipse cx="100" cy="118" rx="50" ry="44" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M100 78l8 12 14-6-8 12 14 4-16 2-4 12-8-10-8 10-4-12-16-2 14-4-8-12 14 6z" fill="${LEAF}" stroke="${LEAF_DARK}" stroke-width="2" ${STROKE}/>` +
      `<ellipse cx="74" cy="108" rx="8" ry="14" fill="#fff" opacity=".35"/>`,
  },
  beet: {
    hue: 335,
    sat: 60,
    light: 32,
    draw: (p) =>
      `<path d="M96 84q-16-26-30-30M100 84q2-30 10-40M104 84q16-22 34-26" stroke="${LEAF}" stroke-width="6" fill="none" ${STROKE}/>` +
      `<path d="M100 84c-34 0-52 20-48 44 4 22 28 30 48 48 20-18 44-26 48-48 4-24-14-44-48-44z" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M100 176q2 8-2 14" stroke="${p.dark}" stroke-width="3" fill="none" ${STROKE}/>` +
      `<ellipse cx="78" cy="116" rx="7" ry="13" fill="#fff" opacity=".25"/>`,
  },
  onion: {
    hue: 38,
    sat: 70,
    light: 55,
    draw: (p) =>
      `<path d="M100 60q-4 22-30 40-22 18-14 44 10 24 44 24t44-24q8-26-14-44-26-18-30-40z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M86 96q-12 30 0 66M114 96q12 30 0 66M100 92v72" stroke="${p.dark}" stroke-width="2" fill="none" opacity=".5"/>` +
      `<path d="M94 168l-4 8M100 168v9M106 168l4 8" stroke="#8a6a3a" stroke-width="2.5" ${STROKE}/>`,
  },
  cabbage: {
    hue: 95,
    sat: 45,
    light: 62,
    draw: (p) =>
      `<circle cx="100" cy="116" r="52" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M100 64q-30 50 0 104M100 64q30 50 0 104M58 90q42 6 84 0M52 124q48 14 96 0" stroke="${p.dark}" stroke-width="2.5" fill="none" opacity=".55"/>` +
      `<path d="M60 96q-20-30 10-44 20 6 30 12-26 6-40 32z" fill="${p.light}" stroke="${p.dark}" stroke-width="2.5"/>`,
  },
  pepper: {
    hue: 2,
    sat: 85,
    light: 48,
    draw: (p) =>
      `<path d="M100 78c-10-6-40-8-46 22-6 30 8 62 28 66 8 2 12-4 18-4s10 6 18 4c20-4 34-36 28-66-6-30-36-28-46-22z" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M100 80q-2-20 12-28" stroke="${LEAF_DARK}" stroke-width="7" fill="none" ${STROKE}/>` +
      `<ellipse cx="76" cy="110" rx="6" ry="16" fill="#fff" opacity=".3"/>`,
  },
  cucumber: {
    hue: 120,
    sat: 45,
    light: 38,
    draw: (p) =>
      `<g transform="rotate(-20 100 114)"><rect x="28" y="96" width="144" height="36" rx="18" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M44 108h108" stroke="${p.light}" stroke-width="5" ${STROKE}/>` +
      `<g fill="${p.pale}"><circle cx="60" cy="122" r="2"/><circle cx="88" cy="118" r="2"/><circle cx="118" cy="124" r="2"/><circle cx="146" cy="118" r="2"/></g>` +
      `<path d="M172 112l10-4" stroke="#6b4a2b" stroke-width="4" ${STROKE}/></g>`,
  },
  greens: {
    hue: 115,
    sat: 55,
    light: 42,
    draw: (p) => {
      const leaves = [-34, -14, 6, 26]
        .map(
          (angle, index) =>
            `<g transform="rotate(${angle} 100 166)"><path d="M100 166c-26-30-30-76-2-106 26 30 26 76 2 106z" fill="${index % 2 ? p.light : p.main}" stroke="${p.dark}" stroke-width="2.5"/>` +
            `<path d="M100 160V72" stroke="${p.dark}" stroke-width="2" opacity=".6"/></g>`,
        )
        .join('');
      return `${leaves}<rect x="86" y="140" width="28" height="12" rx="4" fill="#b5653b"/>`;
    },
  },
  mushroom: {
    hue: 28,
    sat: 45,
    light: 42,
    draw: (p) =>
      `<path d="M86 112h28l6 46q-20 10-40 0z" fill="#f4ecdc" stroke="#a08a68" stroke-width="3" ${STROKE}/>` +
      `<path d="M44 116q0-54 56-56 56 2 56 56z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<ellipse cx="76" cy="86" rx="10" ry="6" fill="#fff" opacity=".3"/>`,
  },
  jar: {
    hue: 38,
    sat: 90,
    light: 52,
    draw: (p) =>
      `<rect x="60" y="74" width="80" height="92" rx="14" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<rect x="55" y="56" width="90" height="22" rx="5" fill="#c2453a" stroke="#8e2f28" stroke-width="3"/>` +
      `<path d="M58 62h84M58 70h84" stroke="#fff" stroke-width="2" opacity=".35"/>` +
      `<rect x="70" y="104" width="60" height="34" rx="4" fill="#fffaf0"/>` +
      `<path d="M80 116h40M86 126h28" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<rect x="68" y="82" width="7" height="72" rx="3.5" fill="#fff" opacity=".35"/>`,
  },
  mug: {
    hue: 170,
    sat: 45,
    light: 45,
    draw: (p) =>
      `<path d="M82 72q-8-12 0-22t0-22M106 72q-8-12 0-22t0-22" stroke="${p.dark}" stroke-width="4" fill="none" opacity=".35" ${STROKE}/>` +
      `<path d="M132 100h10q16 0 16 18t-16 18h-10" fill="none" stroke="${p.dark}" stroke-width="8"/>` +
      `<path d="M54 84h80v56q0 26-26 26H80q-26 0-26-26z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<ellipse cx="94" cy="84" rx="40" ry="8" fill="#6b3f22"/>` +
      `<path d="M66 104v40" stroke="#fff" stroke-width="6" opacity=".3" ${STROKE}/>`,
  },
  sack: {
    hue: 32,
    sat: 40,
    light: 62,
    draw: (p) =>
      `<path d="M64 84q-24 40-12 70 6 12 48 12t48-12q12-30-12-70z" fill="${p.main}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M66 84q34 10 68 0l-8-22q-26 8-52 0z" fill="${p.light}" stroke="${p.dark}" stroke-width="3" ${STROKE}/>` +
      `<path d="M68 84q32 8 64 0" stroke="#8a5a2b" stroke-width="5" fill="none" ${STROKE}/>` +
      `<g fill="${p.pale}" stroke="${p.dark}" stroke-width="1.5"><ellipse cx="148" cy="164" rx="5" ry="3"/><ellipse cx="158" cy="160" rx="5" ry="3"/><ellipse cx="154" cy="168" rx="5" ry="3"/></g>` +
      `<path d="M80 120h40" stroke="${p.dark}" stroke-width="3" opacity=".5" ${STROKE}/>`,
  },
  chocolate: {
    hue: 330,
    sat: 55,
    light: 50,
    draw: (p) =>
      `<rect x="54" y="50" width="92" height="116" rx="6" fill="#5a3424" stroke="#3b2018" stroke-width="3"/>` +
      `<path d="M85 50v60M115 50v60M54 80h92" stroke="#3b2018" stroke-width="3"/>` +
      `<path d="M50 108h100v58H50z" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
      `<path d="M50 108l10 8 10-8 10 8 10-8 10 8 10-8 10 8 10-8 10 8 10-8" stroke="${p.light}" stroke-width="3" fill="none"/>` +
      `<path d="M70 138h60" stroke="#fff" stroke-width="5" opacity=".7" ${STROKE}/>`,
  },
  nuts: {
    hue: 30,
    sat: 45,
    light: 52,
    draw: (p) =>
      [
        [76, 118],
        [122, 112],
        [98, 146],
        [140, 146],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="22" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>` +
            `<path d="M${x} ${(y ?? 0) - 20}q-8 20 0 40" stroke="${p.dark}" stroke-width="2" fill="none" opacity=".6"/>`,
        )
        .join(''),
  },
} satisfies Record<string, Icon>;

export type IconKey = keyof typeof ICONS;

const hsl = (hue: number, sat: number, light: number) =>
  `hsl(${Math.round(((hue % 360) + 360) % 360)},${Math.round(sat)}%,${Math.round(Math.min(97, Math.max(5, light)))}%)`;

function paletteFor(icon: Icon, hue: number): Palette {
  return {
    main: hsl(hue, icon.sat, icon.light),
    dark: hsl(hue, icon.sat, icon.light - 20),
    light: hsl(hue, icon.sat, icon.light + 14),
    pale: hsl(hue, icon.sat * 0.7, 93),
  };
}

export type PictureSpec = {
  icon: IconKey;
  /** Background hue (the category colour). */
  hue: number;
  /** Object hue override (green apples, red onions); the icon's own colour otherwise. */
  tint?: number;
  /** Different variants of one picture differ in hue, decoration and tilt. */
  variant: number;
  /** A stable text for the decoration layout, e.g. the file name. */
  key: string;
};

function drawObject(spec: PictureSpec, jitter: number): string {
  const icon: Icon = ICONS[spec.icon];
  return icon.draw(paletteFor(icon, (spec.tint ?? icon.hue) + jitter));
}

/** A square product or category picture, 400x400. */
export function renderPicture(spec: PictureSpec): string {
  const random = createRandom(hashString(`${spec.key}:${spec.variant}`));
  const bgHue = spec.hue + (spec.variant % 4) * 9 - 12;
  const jitter = spec.variant === 0 ? 0 : random.int(-8, 8);
  const tilt = spec.variant === 0 ? 0 : random.int(-9, 9);
  const scale = (0.9 + random.next() * 0.14).toFixed(2);
  const bubbles = Array.from({ length: 3 }, () => {
    const x = random.int(10, 190);
    const y = random.int(10, 120);
    return `<circle cx="${x}" cy="${y}" r="${random.int(12, 36)}" fill="#fff" opacity=".${random.int(22, 45)}"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="400" height="400">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(bgHue, 70, 95)}"/>` +
    `<stop offset="1" stop-color="${hsl(bgHue + 16, 62, 83)}"/></linearGradient></defs>` +
    `<rect width="200" height="200" fill="url(#bg)"/>${bubbles}` +
    `<ellipse cx="100" cy="170" rx="58" ry="8" fill="${hsl(bgHue, 40, 25)}" opacity=".14"/>` +
    `<g transform="translate(100 112) rotate(${tilt}) scale(${scale}) translate(-100 -112)">${drawObject(spec, jitter)}</g>` +
    `</svg>`
  );
}

/** A round shop logo, 200x200. */
export function renderLogo(spec: PictureSpec): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(spec.hue, 75, 90)}"/>` +
    `<stop offset="1" stop-color="${hsl(spec.hue, 60, 74)}"/></linearGradient></defs>` +
    `<circle cx="100" cy="100" r="96" fill="url(#bg)" stroke="${hsl(spec.hue, 55, 45)}" stroke-width="6"/>` +
    `<g transform="translate(100 104) scale(.78) translate(-100 -112)">${drawObject(spec, 0)}</g>` +
    `</svg>`
  );
}

/** A wide cover for recipes and articles, 800x500, with a few objects side by side. */
export function renderCover(spec: { icons: IconKey[]; hue: number; key: string }): string {
  const random = createRandom(hashString(spec.key));
  const icons = spec.icons.slice(0, 3);
  const step = 320 / (icons.length + 1);
  const objects = icons
    .map((icon, index) => {
      const x = step * (index + 1);
      const scale = icons.length === 1 ? 1.1 : 0.86;
      const tilt = random.int(-8, 8);
      return (
        `<g transform="translate(${x.toFixed(1)} 108) rotate(${tilt}) scale(${scale}) translate(-100 -112)">` +
        `${drawObject({ icon, hue: spec.hue, variant: index, key: spec.key }, random.int(-6, 6))}</g>`
      );
    })
    .join('');
  const stripes = Array.from(
    { length: 4 },
    (_, index) =>
      `<circle cx="${random.int(0, 320)}" cy="${random.int(0, 120)}" r="${random.int(20, 50)}" fill="#fff" opacity=".${25 + index * 5}"/>`,
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="800" height="500">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(spec.hue, 70, 94)}"/>` +
    `<stop offset="1" stop-color="${hsl(spec.hue + 24, 60, 80)}"/></linearGradient></defs>` +
    `<rect width="320" height="200" fill="url(#bg)"/>${stripes}` +
    `<rect y="166" width="320" height="34" fill="${hsl(spec.hue, 35, 55)}" opacity=".18"/>${objects}` +
    `</svg>`
  );
}

/** Collects files to write and their public URLs; `flush` writes them all under `${imagesDir}/seed/`. */
export class SeedImageWriter {
  private readonly files = new Map<string, string>();

  add(fileName: string, svg: string): string {
    this.files.set(fileName, svg);
    return `${SEED_IMAGES_URL}/${fileName}`;
  }

  get size(): number {
    return this.files.size;
  }

  async flush(imagesDir: string): Promise<void> {
    const dir = path.join(imagesDir, SEED_IMAGES_SUBDIR);
    await mkdir(dir, { recursive: true });
    const entries = [...this.files];
    const CONCURRENCY = 32;
    for (let i = 0; i < entries.length; i += CONCURRENCY) {
      await Promise.all(
        entries.slice(i, i + CONCURRENCY).map(([name, svg]) => writeFile(path.join(dir, name), svg, 'utf8')),
      );
    }
  }
}
