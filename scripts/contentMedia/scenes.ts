/**
 * What each demo picture shows: one flat scene per amenity and per content of the seed, drawn in the thing's hue
 * family, without any words (the app prints the title). A scene is a function of the palette and a seeded random
 * source, so a picture is the same on every run.
 */
import {
  armchair,
  bicycle,
  box,
  bush,
  circle,
  drop,
  dumbbell,
  ellipse,
  GOLD,
  HAIR,
  hex,
  INK,
  kettlebell,
  KRAFT,
  LEAF,
  LEAF_LIGHT,
  METAL,
  METAL_DARK,
  note,
  type Palette,
  path,
  pendant,
  person,
  plant,
  rect,
  room,
  rotate,
  sideChair,
  SKIN,
  sky,
  skyline,
  stroke,
  tree,
  WHITE,
  WOOD,
  WOOD_DARK,
} from './draw';

export type Scene = (p: Palette, random: () => number) => string;

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** A deck of planks from y down, and a glass railing in front of the view above it. */
const terrace = (p: Palette, y: number) =>
  rect(0, y - 52, 648, 52, WHITE, 'opacity=".22"') +
  stroke(`M0 ${y - 52}H648`, METAL, 5) +
  stroke(
    range(9)
      .map((i) => `M${i * 80 + 20} ${y - 52}V${y}`)
      .join(''),
    METAL,
    3,
  ) +
  rect(0, y, 648, 416 - y, WOOD) +
  stroke(
    range(6)
      .map((i) => `M0 ${y + 10 + i * (8 + i * 3)}H648`)
      .join(''),
    WOOD_DARK,
    2,
    'opacity=".6"',
  );

// ── Amenities ───────────────────────────────────────────────────────────────────────────────────────────────────

/** A roof deck with planters, parasols over tables and the city behind. */
const rooftop: Scene = (p, random) => {
  const parasol = (x: number, fill: string) =>
    stroke(`M${x} 150V372`, METAL_DARK, 5) +
    path(`M${x - 112} 196Q${x} 112 ${x + 112} 196Z`, fill) +
    path(`M${x} 136L${x - 38} 196H${x + 38}Z`, WHITE, 'opacity=".35"') +
    ellipse(x, 328, 52, 10, WHITE) +
    sideChair(x - 70, 390, 1, INK) +
    sideChair(x + 70, 390, -1, INK);
  return (
    sky(p) +
    circle(530, 86, 38, hex(48, 95, 80)) +
    skyline(random, 250, 120, p.mid, 'opacity=".45"') +
    skyline(random, 250, 170, p.mid, 'opacity=".7"') +
    terrace(p, 300) +
    parasol(250, p.accent) +
    parasol(460, p.warm) +
    rect(0, 252, 140, 56, WOOD_DARK) +
    bush(40, 256, 1) +
    bush(110, 256, 0.8) +
    rect(560, 252, 88, 56, WOOD_DARK) +
    bush(610, 256, 1)
  );
};

/** The lobby café's cup of coffee with its steam. */
const cafe: Scene = (p) =>
  sky(p) +
  ellipse(324, 350, 190, 34, p.dark, 'opacity=".5"') +
  path('M214 170H420V270Q420 340 317 340Q214 340 214 270Z', WHITE) +
  stroke('M420 195Q490 195 490 245Q490 295 420 295', WHITE, 22) +
  ellipse(317, 172, 103, 18, hex(25, 55, 30)) +
  range(3)
    .map((i) => stroke(`M${270 + i * 45} 140q14-25 0-50q-14-25 0-50`, p.light, 9, 'opacity=".8"'))
    .join('');

/** A gym: a mirror wall, a rack of dumbbells, a treadmill and a kettlebell. */
const fitness: Scene = (p) =>
  room(p, 316, hex(220, 12, 24)) +
  rect(40, 50, 340, 200, p.pale, 'opacity=".55" rx="6"') +
  stroke('M90 230L190 70M150 230L250 70', WHITE, 10, 'opacity=".5"') +
  rect(54, 246, 312, 10, METAL_DARK) +
  rect(54, 290, 312, 10, METAL_DARK) +
  stroke('M66 240V316M354 240V316', METAL_DARK, 10) +
  range(4)
    .map((i) => dumbbell(104 + i * 72, 232 - i * 2, 1 + i * 0.1, INK) + dumbbell(104 + i * 72, 276 - i * 2, 1 + i * 0.1, p.accent))
    .join('') +
  rect(420, 286, 190, 24, INK, 'rx="12"') +
  stroke('M590 296L612 168', METAL_DARK, 12) +
  path('M584 148h64l-10 32h-64z', INK) +
  rect(594, 156, 34, 12, p.accentLight) +
  stroke('M598 214L520 220', METAL, 7) +
  kettlebell(470, 360, 0.9, p.accent);

/** A bike room: a brick wall and bicycles locked to a row of stands. */
const bikeRoom: Scene = (p) =>
  room(p, 336) +
  `<defs><pattern id="b" width="64" height="32" patternUnits="userSpaceOnUse"><path d="M0 .5H64M0 16.5H64M32 0V16M.5 16V32" stroke="${p.mid}" fill="none" opacity=".25"/></pattern></defs>` +
  rect(0, 0, 648, 330, 'url(#b)') +
  stroke([110, 324, 538].map((x) => `M${x - 34} 336V236a34 34 0 0 1 68 0V336`).join(''), METAL_DARK, 9) +
  bicycle(110, 290, 1.25, p.accent) +
  bicycle(324, 290, 1.25, p.warm) +
  bicycle(538, 290, 1.25, p.mid);

/** Showers and lockers: a tiled wall, a rain shower with its drops, lockers and a towel. */
const showers: Scene = (p, random) =>
  room(p, 344, hex(p.hue, 20, 56)) +
  `<defs><pattern id="t" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M0 .5H40M.5 0V40" stroke="${WHITE}" opacity=".6"/></pattern></defs>` +
  rect(0, 0, 648, 338, 'url(#t)') +
  stroke('M200 0V84H248V100', METAL, 10) +
  ellipse(248, 110, 54, 12, METAL_DARK) +
  range(26)
    .map(() => {
      const y = 136 + random() * 190;
      const spread = 40 + (y - 130) * 0.35;
      return drop(248 + (random() * 2 - 1) * spread, y, p.pale);
    })
    .join('') +
  range(6)
    .map((i) => {
      const x = 400 + (i % 3) * 76;
      const y = i < 3 ? 70 : 206;
      return (
        rect(x, y, 70, 130, i % 2 ? p.accent : p.accentDark, 'rx="4"') +
        stroke(`M${x + 16} ${y + 16}h38M${x + 16} ${y + 26}h38M${x + 16} ${y + 36}h38`, WHITE, 3, 'opacity=".5"') +
        rect(x + 54, y + 62, 6, 22, WHITE)
      );
    })
    .join('') +
  stroke('M40 150h100', METAL, 6) +
  rect(54, 146, 72, 110, p.warm, 'rx="6"') +
  rect(54, 226, 72, 8, WHITE, 'opacity=".7"') +
  rect(54, 240, 72, 4, WHITE, 'opacity=".7"') +
  rect(390, 356, 250, 16, WOOD) +
  stroke('M410 372v30M620 372v30', METAL_DARK, 6);

/** A meeting room: a screen with charts, a long table with chairs around it and lamps above. */
const conference: Scene = (p) =>
  room(p, 300) +
  rect(204, 46, 240, 140, INK, 'rx="8"') +
  rect(214, 56, 220, 120, p.pale) +
  rect(234, 120, 22, 40, p.accent) +
  rect(266, 96, 22, 64, p.warm) +
  rect(298, 78, 22, 82, p.mid) +
  circle(384, 116, 32, p.accentLight) +
  path('M384 116V84A32 32 0 0 1 414 126Z', p.accent) +
  pendant(260, 210, INK) +
  pendant(388, 210, INK) +
  [
    [228, 244],
    [190, 282],
    [420, 244],
    [458, 282],
  ]
    .map(([x, y]) => rect(x! - 22, y! - 40, 44, 56, p.accentDark, 'rx="12"'))
    .join('') +
  path('M236 252H412L520 380H128Z', WOOD) +
  rect(128, 380, 392, 12, WOOD_DARK) +
  ellipse(300, 300, 18, 6, WHITE) +
  ellipse(350, 330, 18, 6, WHITE) +
  rect(212, 350, 64, 66, p.accent, 'rx="14"') +
  rect(372, 350, 64, 66, p.accent, 'rx="14"') +
  plant(590, 300, 1.2, p.mid);

/** Two phone booths with glass doors, a stool and a lamp inside, and a plant between them. */
const phoneBooths: Scene = (p) => {
  const booth = (x: number, frame: string) =>
    rect(x, 44, 190, 300, frame, 'rx="14"') +
    stroke(`M${x + 30} 60h130M${x + 30} 70h130`, INK, 3, 'opacity=".4"') +
    rect(x + 14, 84, 162, 248, p.dark) +
    rect(x + 34, 200, 60, 8, WOOD) +
    path(`M${x + 52} 198a16 14 0 0 1 26-20l8-12`, 'none', `stroke="${METAL}" stroke-width="4"`) +
    path(`M${x + 78} 168l14-6 6 14-14 6z`, GOLD) +
    ellipse(x + 112, 262, 26, 7, p.accentLight) +
    stroke(`M${x + 112} 268V330`, METAL, 6) +
    rect(x + 14, 84, 162, 248, WHITE, `opacity=".22" stroke="${METAL}" stroke-width="4"`) +
    stroke(`M${x + 40} 320L${x + 150} 110M${x + 70} 320L${x + 160} 150`, WHITE, 8, 'opacity=".3"') +
    rect(x + 150, 180, 8, 60, METAL, 'rx="4"');
  return room(p, 344, hex(p.hue, 18, 40)) + booth(90, p.accent) + plant(324, 344, 1.1, INK) + booth(368, p.warm);
};

/** The concierge desk: a bell on the counter, a key cabinet behind and flowers beside it. */
const concierge: Scene = (p) =>
  room(p, 330) +
  rect(60, 50, 240, 150, WOOD_DARK, 'rx="6"') +
  range(15)
    .map((i) => {
      const x = 72 + (i % 5) * 45;
      const y = 62 + Math.floor(i / 5) * 45;
      return (
        rect(x, y, 39, 39, INK, 'opacity=".55"') + (i % 3 !== 1 ? stroke(`M${x + 19} ${y + 8}v14`, GOLD, 3) + circle(x + 19, y + 26, 5, GOLD) : '')
      );
    })
    .join('') +
  rect(0, 250, 648, 166, WOOD) +
  stroke(
    range(6)
      .map((i) => `M${54 + i * 108} 266V416`)
      .join(''),
    WOOD_DARK,
    3,
  ) +
  rect(0, 234, 648, 22, p.pale) +
  rect(0, 254, 648, 6, INK, 'opacity=".15"') +
  ellipse(400, 236, 76, 11, INK) +
  path('M330 232A70 70 0 0 1 470 232Z', GOLD) +
  path('M352 212A48 48 0 0 1 382 176', 'none', `stroke="${WHITE}" stroke-width="6" stroke-linecap="round" opacity=".5"`) +
  rect(396, 148, 8, 16, INK) +
  ellipse(400, 146, 15, 5, INK) +
  stroke('M346 136l-16-16M400 122V100M454 136l16-16', GOLD, 5) +
  [
    [150, 150, p.accent],
    [176, 146, p.warm],
    [164, 126, p.accent],
    [188, 170, p.warm],
  ]
    .map(
      ([x, y, c]) =>
        stroke(`M564 196L${(x as number) + 400} ${(y as number) + 10}`, LEAF, 4) + circle((x as number) + 400, y as number, 14, c as string),
    )
    .join('') +
  rect(542, 180, 44, 56, p.accentLight, 'opacity=".85" rx="8"');

/** The parcel room: a wall of lockers with one open, and a stack of boxes. */
const parcels: Scene = (p) =>
  room(p, 346) +
  rect(296, 52, 318, 294, METAL_DARK, 'rx="6"') +
  range(20)
    .map((i) => {
      const x = 306 + (i % 4) * 76;
      const y = 62 + Math.floor(i / 4) * 56;
      if (i === 6) return rect(x, y, 70, 50, INK) + box(x + 12, y + 22, 38, 26);
      if (i === 9)
        return rect(x, y, 70, 50, p.pale) + rect(x + 10, y + 8, 50, 18, p.accentDark) + stroke(`M${x + 14} ${y + 36}h8m10 0h8m10 0h8`, INK, 6);
      return rect(x, y, 70, 50, i % 3 ? METAL : hex(210, 10, 84)) + rect(x + 56, y + 20, 6, 12, METAL_DARK, 'rx="2"');
    })
    .join('') +
  box(40, 250, 170, 96) +
  box(62, 174, 120, 76) +
  box(196, 294, 84, 52) +
  box(86, 124, 64, 50);

// ── Contents ────────────────────────────────────────────────────────────────────────────────────────────────────

/** Morning yoga: a person in the tree pose on a mat on the terrace, at sunrise. */
const yogaClass: Scene = (p, random) =>
  sky(p) +
  circle(500, 120, 52, hex(45, 95, 78)) +
  skyline(random, 276, 170, p.mid, 'opacity=".5"') +
  terrace(p, 322) +
  plant(80, 330, 1.3, WOOD_DARK) +
  plant(570, 330, 1.1, WOOD_DARK) +
  rect(214, 366, 220, 14, p.accent, 'rx="7"') +
  stroke('M324 366V282', INK, 22) +
  stroke('M324 286L280 318L318 334', INK, 20) +
  stroke('M324 284V212', p.warm, 40) +
  stroke('M312 216L296 160L322 118M336 216L352 160L326 118', SKIN[1], 12) +
  circle(324, 176, 21, SKIN[1]) +
  path('M303 174a21 21 0 0 1 42 0q-10-8-21-6q-13 0-21 6z', HAIR[0]);

/** Yoga is back: rolled mats stacked on the deck, a bottle and a towel, plants around. */
const yogaMats: Scene = (p, random) => {
  const mat = (x: number, y: number, fill: string) =>
    circle(x, y, 40, fill) +
    circle(x, y, 27, 'none', `stroke="${INK}" stroke-width="3" opacity=".25"`) +
    circle(x, y, 14, 'none', `stroke="${INK}" stroke-width="3" opacity=".25"`);
  return (
    sky(p) +
    skyline(random, 268, 160, p.mid, 'opacity=".5"') +
    terrace(p, 316) +
    mat(244, 356, p.accent) +
    mat(324, 356, p.warm) +
    mat(404, 356, p.accentLight) +
    mat(284, 288, p.light) +
    mat(364, 288, p.accentDark) +
    mat(324, 220, p.accent) +
    rect(470, 290, 34, 96, p.accentLight, 'rx="10"') +
    rect(476, 276, 22, 16, INK, 'rx="3"') +
    path('M150 396h110l-10-20H160z', WHITE) +
    rect(150, 396, 110, 10, p.pale) +
    plant(70, 320, 1.2, WOOD_DARK) +
    plant(590, 320, 1.2, WOOD_DARK)
  );
};

/** Wine tasting: two glasses raised, a bottle and a cheese board, soft lights behind. */
const wineTasting: Scene = (p, random) => {
  const glass = (x: number, tilt: number) =>
    `<g ${rotate(tilt, x, 300)}>` +
    path(
      `M${x - 38} 180Q${x - 38} 240 ${x} 246Q${x + 38} 240 ${x + 38} 180Q${x + 38} 150 ${x} 150Q${x - 38} 150 ${x - 38} 180Z`,
      WHITE,
      'opacity=".35"',
    ) +
    path(`M${x - 37} 196Q${x - 34} 240 ${x} 244Q${x + 34} 240 ${x + 37} 196Z`, hex(345, 70, 34)) +
    stroke(`M${x} 246V312`, WHITE, 5, 'opacity=".8"') +
    ellipse(x, 314, 28, 6, WHITE, 'opacity=".8"') +
    '</g>';
  return (
    room(p, 330, WOOD_DARK) +
    range(14)
      .map(() => circle(random() * 648, random() * 260, 10 + random() * 26, WHITE, 'opacity=".18"'))
      .join('') +
    rect(150, 170, 56, 160, hex(150, 45, 20), 'rx="18"') +
    rect(166, 100, 24, 80, hex(150, 45, 20), 'rx="6"') +
    rect(164, 92, 28, 16, hex(345, 60, 30), 'rx="4"') +
    rect(156, 226, 44, 54, p.pale, 'rx="4"') +
    glass(296, 8) +
    glass(430, -8) +
    rect(470, 318, 150, 14, WOOD, 'rx="6"') +
    path('M486 318l60-46 50 46z', hex(48, 85, 62)) +
    circle(540, 304, 6, hex(48, 70, 48)) +
    circle(560, 296, 4, hex(48, 70, 48))
  );
};

/** The chef's table: a plated dish from above, cutlery, a napkin, on a checked cloth. */
const chefsTable: Scene = (p) =>
  `<defs><pattern id="c" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M0 0h24v48H0zM0 0h48v24H0z" fill="${p.accent}" opacity=".18"/></pattern></defs>` +
  rect(0, 0, 648, 416, p.pale) +
  rect(0, 0, 648, 416, 'url(#c)') +
  rect(72, 110, 90, 200, p.accent, `opacity=".85" rx="6" ${rotate(-6, 117, 210)}`) +
  stroke('M112 150v40M100 150v30q0 14 12 14q12 0 12-14v-30M112 194v120', METAL_DARK, 7) +
  circle(324, 210, 138, INK, 'opacity=".12"') +
  circle(324, 204, 136, WHITE) +
  circle(324, 204, 96, 'none', `stroke="${METAL}" stroke-width="3"`) +
  ellipse(304, 214, 62, 32, hex(15, 70, 58), rotate(-18, 304, 214)) +
  stroke('M262 222q40-20 84-14', hex(15, 70, 72), 6) +
  circle(366, 168, 20, LEAF) +
  circle(384, 190, 16, LEAF_LIGHT) +
  circle(352, 186, 14, hex(100, 50, 58)) +
  range(5)
    .map((i) => circle(270 + i * 22, 268 - (i % 2) * 8, 5, p.warm))
    .join('') +
  path('M520 100q24 14 22 104h-22z', METAL) +
  rect(518, 200, 26, 110, INK, 'rx="8"');

/** The lobby jazz concert: spotlights on a stage with a double bass, a microphone and a drum, notes in the air. */
const jazzConcert: Scene = (p) =>
  `<defs><linearGradient id="n" x2="0" y2="1"><stop stop-color="${hex(p.hue, 45, 14)}"/><stop offset="1" stop-color="${hex(p.hue, 45, 30)}"/></linearGradient></defs>` +
  rect(0, 0, 648, 416, 'url(#n)') +
  path('M150 0l-90 340h200zM490 0l-90 340h200zM324 0l-70 340h140z', WHITE, 'opacity=".1"') +
  rect(0, 336, 648, 80, hex(p.hue, 30, 12)) +
  rect(0, 336, 648, 6, p.light, 'opacity=".5"') +
  stroke('M196 90V150', INK, 6) +
  path('M196 150c-34 0-30 40-46 60c26 14 16 50 8 66c14 26 26 56 38 56c12 0 24-30 38-56c-8-16-18-52 8-66c-16-20-12-60-46-60z', WOOD) +
  stroke('M184 230h24M196 170V330', INK, 3) +
  stroke('M196 74l-8-10', INK, 8) +
  stroke('M324 336V196M324 336l-30 0M324 336l30 0', METAL, 5) +
  rect(314, 160, 20, 40, INK, 'rx="10"') +
  ellipse(470, 290, 56, 48, p.pale) +
  ellipse(470, 290, 40, 34, p.accent) +
  ellipse(390, 300, 30, 10, METAL) +
  stroke('M390 300v36M540 230v106', METAL_DARK, 4) +
  ellipse(540, 228, 44, 6, GOLD) +
  note(260, 130, p.light) +
  note(430, 96, p.accentLight) +
  note(560, 150, p.light);

/** The charity run: a road to a finish arch under bunting, two runners, trees and the city behind. */
const charityRun: Scene = (p, random) => {
  const runner = (x: number, y: number, shirt: string) =>
    circle(x + 8, y - 92, 11, SKIN[2]) +
    stroke(`M${x + 4} ${y - 76}L${x - 4} ${y - 42}`, shirt, 16) +
    stroke(`M${x + 2} ${y - 70}l16 14l12-10M${x + 2} ${y - 70}l-18 12l-6 16`, SKIN[2], 7) +
    stroke(`M${x - 4} ${y - 42}l18 22l-4 20M${x - 4} ${y - 42}l-16 22l-18-4`, INK, 9);
  return (
    sky(p) +
    skyline(random, 244, 140, p.mid, 'opacity=".55"') +
    rect(0, 240, 648, 176, LEAF_LIGHT) +
    path('M276 240h96l276 176H0z', hex(220, 10, 36)) +
    stroke('M324 250v14M324 284v22M324 330v34M324 388v28', WHITE, 6) +
    tree(60, 300, 1.2) +
    tree(590, 310, 1.3) +
    stroke('M176 308V150M472 308V150', METAL_DARK, 10) +
    rect(166, 140, 316, 40, p.accent) +
    `<defs><pattern id="f" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M0 0h10v10H0zM10 10h10v10H10z" fill="${INK}"/></pattern></defs>` +
    rect(166, 180, 316, 20, WHITE) +
    rect(166, 180, 316, 20, 'url(#f)') +
    stroke('M0 60Q120 110 176 150M648 60Q528 110 472 150', INK, 2) +
    range(10)
      .map((i) => {
        const side = i < 5 ? 1 : -1;
        const t = (i % 5) / 5 + 0.1;
        const x = side > 0 ? t * 176 : 648 - t * 176;
        const y = 60 + t * 84;
        return path(`M${Math.round(x - 10)} ${Math.round(y)}h20l-10 20z`, i % 2 ? p.warm : p.accentLight);
      })
      .join('') +
    runner(290, 380, p.warm) +
    runner(370, 360, p.accentLight)
  );
};

/** The virtual town hall: a laptop on a desk with a video call of six people. */
const townHall: Scene = (p) => {
  const tiles = range(6)
    .map((i) => {
      const x = 182 + (i % 3) * 96;
      const y = 86 + Math.floor(i / 3) * 90;
      const skin = SKIN[i % 3]!;
      return (
        rect(x, y, 90, 84, hex(p.hue + i * 40, 40, 70)) +
        circle(x + 45, y + 36, 15, skin) +
        path(`M${x + 17} ${y + 84}q0-28 28-28q28 0 28 28z`, hex(p.hue + 180 + i * 30, 40, 40))
      );
    })
    .join('');
  return (
    room(p, 322, WOOD) +
    rect(0, 322, 648, 8, WOOD_DARK) +
    rect(164, 66, 320, 222, INK, 'rx="12"') +
    rect(176, 80, 296, 188, p.pale) +
    tiles +
    path('M140 288h368l30 22H110z', METAL) +
    rect(110, 310, 428, 8, METAL_DARK) +
    plant(70, 322, 1.1, p.accent) +
    rect(560, 266, 46, 56, WHITE, 'rx="6"') +
    stroke('M606 280q20 0 20 14t-20 14', WHITE, 7)
  );
};

/** The networking breakfast: three people with name badges talking, speech bubbles above them. */
const networking: Scene = (p) => {
  const bubble = (x: number, y: number, fill: string) =>
    path(`M${x} ${y}h110a18 18 0 0 1 18 18v34a18 18 0 0 1-18 18h-70l-20 18v-18h-20a18 18 0 0 1-18-18v-34a18 18 0 0 1 18-18z`, fill) +
    range(3)
      .map((i) => circle(x + 27 + i * 28, y + 35, 6, INK, 'opacity=".5"'))
      .join('');
  return (
    room(p, 416) +
    bubble(70, 50, WHITE) +
    bubble(420, 40, p.accentLight) +
    person(150, 200, 1.15, p.accent, SKIN[0], HAIR[1]) +
    person(324, 230, 1.2, p.warm, SKIN[2], HAIR[0]) +
    person(498, 200, 1.15, p.mid, SKIN[1], HAIR[2]) +
    [150, 324, 498].map((x, i) => rect(x + 14, (i === 1 ? 330 : 300) + 10, 34, 24, WHITE, 'rx="3"')).join('')
  );
};

/** The café offer: a takeaway cup with a discount tag tied to it, beans around. */
const coffeeOffer: Scene = (p, random) =>
  sky(p) +
  ellipse(324, 356, 150, 22, p.dark, 'opacity=".35"') +
  path('M248 146h152l-20 206h-112z', WHITE) +
  path('M256 210h136l-7 70h-122z', KRAFT) +
  rect(240, 124, 168, 26, hex(25, 40, 26), 'rx="10"') +
  rect(258, 108, 132, 20, hex(25, 40, 26), 'rx="8"') +
  stroke('M408 160q60 10 74 50', INK, 3) +
  `<g ${rotate(-14, 520, 250)}>` +
  path('M452 210h110a10 10 0 0 1 10 10v60a10 10 0 0 1-10 10h-110l-30-40z', p.accent) +
  circle(454, 250, 7, p.pale) +
  circle(498, 232, 9, 'none', `stroke="${WHITE}" stroke-width="5"`) +
  circle(538, 268, 9, 'none', `stroke="${WHITE}" stroke-width="5"`) +
  stroke('M540 226l-44 48', WHITE, 6) +
  '</g>' +
  range(7)
    .map(() => {
      const x = 120 + random() * 420;
      const y = 372 + random() * 34;
      const a = random() * 180;
      return (
        ellipse(x, y, 11, 7, hex(25, 50, 24), rotate(a, x, y)) +
        stroke(`M${Math.round(x - 7)} ${Math.round(y)}h14`, hex(25, 40, 40), 2, rotate(a, x, y))
      );
    })
    .join('');

/** The gym day pass: a membership card with a ribbon, a kettlebell and a dumbbell. */
const gymPass: Scene = (p) =>
  room(p, 330, hex(220, 12, 26)) +
  `<g ${rotate(-8, 250, 200)}>` +
  rect(110, 110, 280, 176, WHITE, 'rx="16"') +
  rect(110, 110, 280, 44, p.accent, 'rx="16"') +
  rect(110, 138, 280, 16, p.accent) +
  circle(170, 214, 34, p.accentLight) +
  circle(170, 204, 13, p.accentDark) +
  path('M146 240q24-30 48 0z', p.accentDark) +
  rect(226, 190, 130, 14, METAL, 'rx="7"') +
  rect(226, 218, 90, 14, METAL, 'rx="7"') +
  rect(226, 246, 110, 14, METAL, 'rx="7"') +
  '</g>' +
  path('M356 110l-14 70 18-10 12 16 6-70zM388 110l14 70-18-10-12 16-6-70z', p.warm) +
  circle(372, 106, 30, p.warm) +
  circle(372, 106, 18, 'none', `stroke="${WHITE}" stroke-width="4"`) +
  kettlebell(520, 330, 1.3, INK) +
  dumbbell(380, 372, 1.9, p.accentDark);

/** The team breakfast: croissants on a plate, a coffee press and orange juice on a table. */
const breakfast: Scene = (p) => {
  const croissant = (x: number, y: number, a: number) =>
    `<g ${rotate(a, x, y)}>` +
    path(
      `M${x - 56} ${y + 10}Q${x - 40} ${y - 36} ${x} ${y - 36}Q${x + 40} ${y - 36} ${x + 56} ${y + 10}Q${x + 30} ${y} ${x} ${y + 2}Q${x - 30} ${y} ${x - 56} ${y + 10}Z`,
      hex(34, 75, 55),
    ) +
    stroke(`M${x - 24} ${y - 30}l8 30M${x} ${y - 36}v36M${x + 24} ${y - 30}l-8 30`, hex(28, 70, 38), 4) +
    '</g>';
  return (
    room(p, 320, WOOD) +
    rect(0, 320, 648, 8, WOOD_DARK) +
    ellipse(250, 318, 130, 16, WHITE) +
    croissant(200, 294, -6) +
    croissant(300, 296, 8) +
    croissant(250, 256, 0) +
    rect(420, 180, 74, 140, WHITE, `opacity=".4" stroke="${METAL}" stroke-width="4" rx="6"`) +
    rect(424, 236, 66, 80, hex(25, 55, 22)) +
    stroke('M457 150V236M420 190h74M494 214q26 0 26 30t-26 30', METAL_DARK, 6) +
    rect(540, 240, 40, 80, WHITE, 'opacity=".4" rx="4"') +
    rect(544, 262, 32, 54, hex(32, 95, 55)) +
    rect(590, 252, 36, 68, WHITE, 'opacity=".4" rx="4"') +
    rect(594, 270, 28, 46, hex(32, 95, 55)) +
    pendant(250, 120, p.accent)
  );
};

/** The commute survey: a clipboard with ticked boxes beside a bus and a bike. */
const commuteSurvey: Scene = (p) =>
  sky(p) +
  rect(0, 340, 648, 76, hex(220, 10, 40)) +
  stroke('M0 378H648', WHITE, 4, 'stroke-dasharray="30 24"') +
  `<g ${rotate(-5, 220, 210)}>` +
  rect(110, 60, 220, 300, WOOD, 'rx="12"') +
  rect(128, 88, 184, 256, WHITE, 'rx="4"') +
  rect(180, 48, 80, 34, METAL_DARK, 'rx="8"') +
  range(4)
    .map((i) => {
      const y = 116 + i * 56;
      return (
        rect(146, y, 28, 28, 'none', `stroke="${METAL_DARK}" stroke-width="4" rx="4"`) +
        (i < 3 ? stroke(`M150 ${y + 14}l9 9l17-22`, p.accent, 6) : '') +
        rect(188, y + 8, 100 - (i % 2) * 30, 12, METAL, 'rx="6"')
      );
    })
    .join('') +
  '</g>' +
  rect(380, 220, 240, 120, p.warm, 'rx="18"') +
  range(4)
    .map((i) => rect(398 + i * 52, 238, 40, 44, p.pale, 'rx="6"'))
    .join('') +
  rect(380, 300, 240, 10, WHITE, 'opacity=".6"') +
  circle(430, 342, 22, INK) +
  circle(570, 342, 22, INK) +
  circle(430, 342, 8, METAL) +
  circle(570, 342, 8, METAL) +
  bicycle(330, 380, 0.6, p.accentDark);

/** The renovated lobby: tall windows, pendant lights, armchairs by a low table, a coffee bar and big plants. */
const lobby: Scene = (p) =>
  room(p, 324, hex(p.hue, 14, 62)) +
  range(3)
    .map(
      (i) =>
        rect(60 + i * 140, 40, 110, 240, p.skyTop, `stroke="${INK}" stroke-width="6"`) +
        stroke(`M${115 + i * 140} 40V280M${60 + i * 140} 160h110`, INK, 4),
    )
    .join('') +
  pendant(150, 120, GOLD) +
  pendant(290, 100, GOLD) +
  armchair(130, 392, 1, p.accent, p.accentDark) +
  armchair(330, 392, 1, p.accent, p.accentDark) +
  ellipse(230, 360, 52, 10, WOOD) +
  stroke('M230 360v32', WOOD_DARK, 6) +
  rect(470, 230, 178, 120, WOOD_DARK) +
  rect(460, 220, 188, 14, p.pale) +
  rect(520, 170, 60, 50, METAL_DARK, 'rx="4"') +
  stroke('M534 220v-8M566 220v-8', INK, 6) +
  rect(596, 196, 22, 24, WHITE, 'rx="3"') +
  plant(40, 340, 1.4, WHITE) +
  plant(440, 340, 1.1, WHITE);

/** The sustainability report: solar panels, wind turbines turning and green fields under the sun. */
const sustainability: Scene = (p) => {
  const turbine = (x: number, y: number, s: number, a: number) =>
    path(`M${x - 5 * s} ${y}l${3 * s} ${-180 * s}h${4 * s}l${3 * s} ${180 * s}z`, WHITE) +
    range(3)
      .map((i) => ellipse(x, y - 180 * s - 44 * s, 7 * s, 46 * s, WHITE, rotate(a + i * 120, x, y - 180 * s)))
      .join('') +
    circle(x, y - 180 * s, 8 * s, METAL);
  const panel = (x: number, y: number) =>
    path(`M${x} ${y}h120l24 56H${x + 24}z`, hex(220, 55, 32)) +
    stroke(`M${x + 40} ${y}l8 56M${x + 80} ${y}l8 56M${x + 12} ${y + 28}h120`, hex(210, 60, 60), 2) +
    stroke(`M${x + 40} ${y + 56}v24M${x + 120} ${y + 56}v24`, METAL_DARK, 5);
  return (
    sky(p) +
    circle(110, 90, 46, hex(48, 95, 72)) +
    path('M0 270Q160 220 330 262T648 240V416H0Z', LEAF_LIGHT) +
    turbine(420, 270, 1, 10) +
    turbine(540, 250, 0.8, 50) +
    turbine(320, 262, 0.6, 80) +
    path('M0 330Q200 290 420 330T648 320V416H0Z', LEAF) +
    panel(60, 310) +
    panel(230, 320) +
    path('M540 330q60-50 90 10q-40 40-90-10z', hex(110, 55, 60)) +
    stroke('M548 334q40 6 70 0', LEAF, 4)
  );
};

/** Dry cleaning: a rail of shirts, a jacket and a dress on hangers, two in clear garment bags. */
const dryCleaning: Scene = (p) => {
  const hanger = (x: number) => stroke(`M${x} 96q0-12 10-12t8 10l-18 14l-50 24h100l-50-24`, METAL_DARK, 4);
  const shirt = (x: number, fill: string) =>
    hanger(x) +
    path(`M${x - 50} 122l30-6l20 18l20-18l30 6l26 70l-20 8l-10-32v160h-92v-160l-10 32l-20-8z`, fill) +
    path(`M${x - 20} 116l20 18l20-18l-8 30l-12-12l-12 12z`, WHITE) +
    stroke(`M${x} 150v120`, INK, 3, 'stroke-dasharray="2 18" opacity=".4"');
  const dress = (x: number, fill: string) =>
    hanger(x) + path(`M${x - 30} 122h60l-4 60l50 150h-152l50-150z`, fill) + rect(x - 34, 180, 68, 10, WHITE, 'opacity=".5"');
  const bag = (x: number) => rect(x - 70, 104, 140, 248, WHITE, 'opacity=".35" rx="10"');
  return (
    room(p, 380) +
    stroke('M60 84H588M76 84V380M572 84V380', METAL_DARK, 8) +
    shirt(160, p.accentLight) +
    bag(160) +
    shirt(280, INK) +
    dress(400, p.warm) +
    bag(400) +
    shirt(510, WHITE) +
    stroke('M40 400h40M556 400h40', METAL_DARK, 8)
  );
};

/** New classes at the fitness center: a row of spin bikes in a studio with a light strip. */
const spinClass: Scene = (p) => {
  const spinBike = (x: number, y: number, s: number, frame: string) =>
    stroke(`M${x - 60 * s} ${y}h${120 * s}`, INK, 10 * s) +
    circle(x + 40 * s, y - 40 * s, 32 * s, METAL_DARK) +
    circle(x + 40 * s, y - 40 * s, 12 * s, METAL) +
    stroke(
      `M${x - 40 * s} ${y}L${x - 22 * s} ${y - 120 * s}M${x - 30 * s} ${y - 60 * s}L${x + 40 * s} ${y - 40 * s}L${x + 44 * s} ${y - 136 * s}M${x} ${y}L${x - 30 * s} ${y - 60 * s}`,
      frame,
      10 * s,
    ) +
    rect(x - 42 * s, y - 132 * s, 40 * s, 12 * s, INK, `rx="${Math.round(6 * s)}"`) +
    stroke(`M${x + 30 * s} ${y - 136 * s}h${36 * s}`, INK, 9 * s);
  return (
    room(p, 330, hex(p.hue, 14, 24)) +
    rect(0, 60, 648, 8, p.accentLight) +
    rect(0, 52, 648, 24, p.accentLight, 'opacity=".25"') +
    rect(40, 100, 220, 150, p.pale, 'opacity=".35" rx="6"') +
    spinBike(140, 392, 1.15, p.accent) +
    spinBike(330, 370, 1, p.warm) +
    spinBike(500, 354, 0.9, p.accent)
  );
};

/** Welcome to the new neighbours: an office with desks and screens, balloons tied to a desk, and a plant. */
const newNeighbours: Scene = (p) => {
  const desk = (x: number) =>
    rect(x, 100 + 190, 200, 12, WOOD) +
    stroke(`M${x + 12} 302v60M${x + 188} 302v60`, METAL_DARK, 6) +
    rect(x + 50, 200, 110, 70, INK, 'rx="6"') +
    rect(x + 58, 208, 94, 54, p.light) +
    rect(x + 98, 270, 14, 20, METAL_DARK);
  const balloon = (x: number, y: number, fill: string) =>
    stroke(`M${x} ${y + 40}q-10 60 ${440 - x} ${300 - y - 10}`, INK, 2) + ellipse(x, y, 32, 40, fill) + path(`M${x - 6} ${y + 44}h12l-6-8z`, fill);
  return (
    room(p, 362) +
    rect(60, 50, 520, 120, p.skyTop, `stroke="${INK}" stroke-width="6"`) +
    stroke('M190 50v120M320 50v120M450 50v120', INK, 4) +
    desk(60) +
    desk(330) +
    balloon(400, 110, p.accent) +
    balloon(470, 90, p.warm) +
    balloon(530, 130, p.accentLight) +
    plant(600, 362, 1.2, p.accentDark)
  );
};

/** The building's services: three tiles for dry cleaning, parcels and the front desk. */
const servicesBoard: Scene = (p) => {
  const tile = (x: number) => rect(x, 118, 170, 180, WHITE, 'rx="24"') + rect(x, 286, 170, 12, INK, 'opacity=".08"');
  return (
    sky(p) +
    circle(80, 70, 120, p.light, 'opacity=".3"') +
    circle(600, 380, 160, p.light, 'opacity=".25"') +
    tile(42) +
    tile(239) +
    tile(436) +
    stroke('M127 160q0-14 12-14t10 12l-22 18l-60 32h120l-60-32', p.accentDark, 7) +
    box(276, 214, 80, 58) +
    path('M471 262a50 50 0 0 1 100 0z', GOLD) +
    ellipse(521, 264, 62, 8, INK) +
    rect(517, 196, 8, 18, INK)
  );
};

/** Guests registered ahead: a visitor badge on its lanyard in front of the lobby's speed gates. */
const visitorBadge: Scene = (p) => {
  const gate = (x: number) =>
    rect(x, 200, 44, 150, METAL, 'rx="10"') + rect(x + 8, 214, 28, 8, p.accentLight) + path(`M${x + 44} 240h70l-10 60h-60z`, WHITE, 'opacity=".45"');
  return (
    room(p, 350, hex(p.hue, 12, 60)) +
    gate(300) +
    gate(470) +
    rect(590, 200, 44, 150, METAL, 'rx="10"') +
    stroke('M104 0L170 150M236 0L170 150', p.accent, 14) +
    rect(160, 138, 20, 30, METAL_DARK, 'rx="4"') +
    `<g ${rotate(-6, 170, 260)}>` +
    rect(80, 160, 180, 230, WHITE, 'rx="14"') +
    rect(80, 160, 180, 50, p.accent, 'rx="14"') +
    rect(80, 190, 180, 20, p.accent) +
    rect(150, 172, 40, 8, WHITE, 'rx="4"') +
    circle(170, 260, 34, p.accentLight) +
    circle(170, 250, 13, p.accentDark) +
    path('M146 284q24-30 48 0z', p.accentDark) +
    rect(110, 316, 120, 14, METAL, 'rx="7"') +
    rect(130, 344, 80, 14, METAL, 'rx="7"') +
    '</g>'
  );
};

/** The badge in the phone's wallet: a phone showing a card, its signal reaching a door reader. */
const phoneWallet: Scene = (p) =>
  sky(p) +
  circle(520, 110, 140, p.light, 'opacity=".3"') +
  rect(200, 40, 180, 340, INK, 'rx="28"') +
  rect(212, 62, 156, 296, p.pale, 'rx="14"') +
  rect(224, 140, 132, 84, p.accentDark, 'rx="10"') +
  rect(224, 110, 132, 84, p.warm, 'rx="10"') +
  rect(224, 80, 132, 84, p.accent, 'rx="10"') +
  rect(240, 110, 26, 20, GOLD, 'rx="4"') +
  rect(240, 140, 80, 8, WHITE, 'opacity=".7" rx="4"') +
  rect(232, 300, 116, 36, p.accent, 'rx="18"') +
  stroke('M410 180a40 40 0 0 1 0 60M430 160a70 70 0 0 1 0 100M450 140a100 100 0 0 1 0 140', WHITE, 8) +
  rect(510, 150, 70, 120, METAL_DARK, 'rx="12"') +
  circle(545, 190, 18, p.accentLight) +
  rect(528, 232, 34, 8, hex(140, 60, 55), 'rx="4"');

/** A parking spot: a car in a bay of a garage, pillars with hazard stripes. */
const parking: Scene = (p) =>
  room(p, 250, hex(220, 8, 34)) +
  rect(0, 0, 648, 40, INK, 'opacity=".5"') +
  stroke('M40 416L150 250M260 416L290 250M388 416L358 250M608 416L498 250', WHITE, 6) +
  rect(40, 60, 40, 200, METAL) +
  rect(568, 60, 40, 200, METAL) +
  `<defs><pattern id="h" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0h14v28H0z" fill="${INK}"/></pattern></defs>` +
  rect(40, 210, 40, 50, GOLD) +
  rect(40, 210, 40, 50, 'url(#h)') +
  rect(568, 210, 40, 50, GOLD) +
  rect(568, 210, 40, 50, 'url(#h)') +
  ellipse(330, 370, 230, 18, INK, 'opacity=".4"') +
  path('M110 352q-4-44 40-52l72-10q40-58 100-60h90q52 4 92 62l40 8q40 10 40 52z', p.accent) +
  path('M236 288q30-44 84-46h34v46zM372 242h34q36 4 62 46h-96z', p.pale, 'opacity=".85"') +
  rect(106, 336, 434, 16, p.accentDark, 'rx="8"') +
  circle(200, 356, 36, INK) +
  circle(460, 356, 36, INK) +
  circle(200, 356, 15, METAL) +
  circle(460, 356, 15, METAL) +
  ellipse(532, 312, 10, 7, hex(48, 95, 80));

/** The holiday party: string lights, a decorated tree with a star, wrapped gifts and confetti. */
const holidayParty: Scene = (p, random) => {
  const bulbs = range(13)
    .map((i) => {
      const x = 14 + i * 50;
      const y = 34 + Math.sin((i / 12) * Math.PI * 2) * 14 + 14;
      return ellipse(x, y + 10, 7, 11, [GOLD, p.accentLight, hex(0, 70, 60), hex(140, 55, 55)][i % 4]!);
    })
    .join('');
  const gift = (x: number, w: number, h: number, fill: string, ribbon: string) =>
    rect(x, 360 - h, w, h, fill) +
    rect(x + w / 2 - 6, 360 - h, 12, h, ribbon) +
    rect(x, 360 - h * 0.6, w, 10, ribbon) +
    path(`M${x + w / 2} ${360 - h}q-24-26-24-4t24 4q24 22 24 0t-24-4z`, ribbon);
  return (
    room(p, 360) +
    stroke(
      `M0 40${range(13)
        .map((i) => `L${14 + i * 50} ${Math.round(34 + Math.sin((i / 12) * Math.PI * 2) * 14 + 14)}`)
        .join('')}`,
      INK,
      2,
    ) +
    bulbs +
    rect(312, 320, 24, 40, WOOD_DARK) +
    path('M324 110l110 120h-56l76 96H194l76-96h-56z', LEAF) +
    path('M324 110l50 54h-24l50 60h-76z', LEAF_LIGHT, 'opacity=".5"') +
    path('M324 82l8 16 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z', GOLD) +
    [
      [290, 200],
      [360, 214],
      [260, 290],
      [330, 270],
      [400, 300],
    ]
      .map(([x, y], i) => circle(x!, y!, 10, i % 2 ? p.accentLight : hex(0, 70, 55)))
      .join('') +
    gift(120, 90, 70, p.accent, GOLD) +
    gift(450, 110, 60, hex(0, 65, 50), WHITE) +
    gift(200, 60, 44, GOLD, p.accentDark) +
    range(18)
      .map(() => {
        const x = random() * 648;
        const y = 80 + random() * 200;
        return rect(x, y, 12, 5, [p.accentLight, GOLD, WHITE][Math.floor(random() * 3)]!, rotate(random() * 180, x, y));
      })
      .join('')
  );
};

/** Anything without a scene of its own: the building's street, a skyline with lit windows. */
export const street: Scene = (p, random) => {
  let windows = '';
  const out = sky(p) + skyline(random, 416, 100, p.mid) + skyline(random, 416, 220, p.dark);
  for (let i = 0; i < 40; i++) windows += rect(random() * 640, 240 + random() * 160, 7, 10, hex(48, 90, 75, 0.85));
  return out + windows;
};

/** The scene of each amenity of the seed, by its key. */
export const amenityScenes: Record<string, Scene> = {
  fitness,
  'bike-room': bikeRoom,
  showers,
  cafe,
  rooftop,
  conference,
  'phone-booths': phoneBooths,
  concierge,
  parcels,
};

/** The scene of each content of the seed, by its key: what it is about, not only its tags. */
export const contentScenes: Record<string, Scene> = {
  'event-yoga': yogaClass,
  'event-wine': wineTasting,
  'event-chef': chefsTable,
  'event-concert': jazzConcert,
  'event-marathon': charityRun,
  'event-townhall': townHall,
  'event-past': networking,
  'offer-cafe': coffeeOffer,
  'offer-gym': gymPass,
  'offer-globex': breakfast,
  'post-survey': commuteSurvey,
  'post-lobby': lobby,
  'article-report': sustainability,
  'article-drycleaning': dryCleaning,
  'post-fitness': spinClass,
  'post-neighbours': newNeighbours,
  'post-yoga-reminder': yogaMats,
  'post-services': servicesBoard,
  'post-visitors': visitorBadge,
  'post-wallet': phoneWallet,
  'post-parking': parking,
  'post-holiday': holidayParty,
};

/** A content the seed adds later without a scene of its own gets one by its tags, then the street. */
export function sceneByTags(tags: readonly string[]): Scene {
  const t = tags.map((tag) => tag.trim().toLowerCase());
  if (t.includes('music')) return jazzConcert;
  if (t.includes('food')) return chefsTable;
  if (t.includes('fitness')) return spinClass;
  if (t.includes('wellness')) return yogaMats;
  if (t.includes('sustainability')) return sustainability;
  if (t.includes('community')) return networking;
  if (t.includes('social')) return holidayParty;
  return street;
}
