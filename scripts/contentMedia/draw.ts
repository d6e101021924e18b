/**
 * The drawing kit of the demo pictures: colours from a hue family, whole-pixel shapes, the two backgrounds (sky and
 * room) and the props several scenes share. Everything is a string of SVG; numbers are rounded so a file stays small.
 */

/** An HSL colour as hex (`#rrggbb`, or `#rrggbbaa` below full opacity): a third of the bytes of `hsl(…)`. */
export function hex(h: number, s: number, l: number, a = 1): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const f = (n: number) => lig - sat * Math.min(lig, 1 - lig) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  const byte = (v: number) =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${byte(f(0))}${byte(f(8))}${byte(f(4))}${a < 1 ? byte(a) : ''}`;
}

/** The colours of one picture: its hue's family for sky, walls and floor, the opposite hue for accents. */
export function paletteOf(hue: number) {
  return {
    hue,
    skyTop: hex(hue, 60, 74),
    skyBottom: hex(hue + 30, 55, 52),
    wallTop: hex(hue, 42, 84),
    wallBottom: hex(hue + 12, 36, 72),
    floor: hex(hue + 20, 24, 38),
    floorLight: hex(hue + 20, 22, 50),
    dark: hex(hue + 20, 45, 18),
    mid: hex(hue + 10, 45, 34),
    light: hex(hue - 20, 80, 82),
    pale: hex(hue, 50, 94),
    accent: hex(hue + 180, 55, 48),
    accentDark: hex(hue + 180, 50, 32),
    accentLight: hex(hue + 180, 60, 72),
    warm: hex(hue + 40, 75, 58),
  };
}
export type Palette = ReturnType<typeof paletteOf>;

export const WHITE = '#f7f7f5';
export const INK = hex(220, 22, 18);
export const WOOD = hex(28, 42, 52);
export const WOOD_DARK = hex(25, 40, 36);
export const METAL = hex(210, 10, 78);
export const METAL_DARK = hex(215, 12, 42);
export const LEAF = hex(135, 42, 34);
export const LEAF_LIGHT = hex(105, 45, 48);
export const GOLD = hex(44, 85, 55);
export const KRAFT = hex(32, 48, 60);
export const SKIN = [hex(28, 55, 76), hex(25, 45, 56), hex(22, 40, 36)] as const;
export const HAIR = [hex(30, 30, 20), hex(35, 60, 40), hex(20, 10, 60)] as const;

const n = (v: number) => Math.round(v);
const opt = (extra?: string) => (extra ? ` ${extra}` : '');

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra?: string) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${opt(extra)}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra?: string) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${opt(extra)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra?: string) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${opt(extra)}/>`;
export const path = (d: string, fill: string, extra?: string) => `<path d="${d}" fill="${fill}"${opt(extra)}/>`;
/** An open stroked path with round ends and joins. */
export const stroke = (d: string, colour: string, width: number, extra?: string) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${opt(extra)}/>`;
export const rotate = (deg: number, x: number, y: number) => `transform="rotate(${n(deg)} ${n(x)} ${n(y)})"`;

/** A polyline's `d` from points, rounded. */
export const poly = (...points: [number, number][]) => points.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('');

/** The outdoor background: a sky in the hue, from light at the top to deeper at the horizon. */
export const sky = (p: Palette) =>
  `<defs><linearGradient id="s" x2="0" y2="1"><stop stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs>` +
  rect(0, 0, 648, 416, 'url(#s)');

/** The indoor background: a wall in the hue, a floor from `floorY` down and a skirting between them. */
export const room = (p: Palette, floorY: number, floor = p.floor) =>
  `<defs><linearGradient id="w" x2="0" y2="1"><stop stop-color="${p.wallTop}"/><stop offset="1" stop-color="${p.wallBottom}"/></linearGradient></defs>` +
  rect(0, 0, 648, floorY, 'url(#w)') +
  rect(0, floorY, 648, 416 - floorY, floor) +
  rect(0, floorY - 6, 648, 6, p.mid, 'opacity=".5"');

/** A city skyline as one stepped path, from `base` up to at most `top`. */
export function skyline(random: () => number, base: number, top: number, fill: string, extra?: string) {
  let d = `M0 ${base}`;
  for (let x = 0; x < 648;) {
    const w = 34 + random() * 60;
    d += `V${n(top + random() * (base - top) * 0.8)}h${n(w)}`;
    x += w;
  }
  return path(`${d}V${base}Z`, fill, extra);
}

/** A potted plant standing on `y`, `s` times the usual size. */
export function plant(x: number, y: number, s: number, pot: string) {
  const w = 46 * s;
  const h = 42 * s;
  let leaves = '';
  for (const [i, a] of [-58, -30, 0, 28, 56].entries()) {
    const len = (i % 2 ? 44 : 52) * s;
    const cx = x + Math.sin((a * Math.PI) / 180) * len;
    const cy = y - h - Math.cos((a * Math.PI) / 180) * len;
    leaves += ellipse(cx, cy, 13 * s, 36 * s, i % 2 ? LEAF_LIGHT : LEAF, rotate(a, cx, cy));
  }
  return leaves + path(`M${n(x - w / 2)} ${n(y - h)}h${n(w)}l${n(-6 * s)} ${n(h)}h${n(-(w - 12 * s))}z`, pot);
}

/** A round bush of leaves (a planter's), centred on x, sitting on y. */
export function bush(x: number, y: number, s: number) {
  return (
    circle(x - 26 * s, y - 18 * s, 26 * s, LEAF) +
    circle(x + 24 * s, y - 20 * s, 28 * s, LEAF) +
    circle(x, y - 38 * s, 30 * s, LEAF_LIGHT) +
    circle(x + 10 * s, y - 50 * s, 14 * s, hex(100, 50, 58))
  );
}

/** A pendant lamp hanging from the ceiling to `y`. */
export const pendant = (x: number, y: number, shade: string) =>
  stroke(`M${n(x)} 0V${n(y - 20)}`, INK, 3) + path(`M${n(x - 30)} ${n(y)}a30 24 0 0 1 60 0z`, shade) + ellipse(x, y + 3, 12, 5, hex(48, 95, 80));

/** A head and shoulders, from below the frame up to a head at (x, y). */
export function person(x: number, y: number, s: number, shirt: string, skin: string, hair: string) {
  const r = 30 * s;
  return (
    path(
      `M${n(x - 66 * s)} 416V${n(y + 96 * s)}Q${n(x - 66 * s)} ${n(y + 44 * s)} ${n(x)} ${n(y + 44 * s)}Q${n(x + 66 * s)} ${n(y + 44 * s)} ${n(x + 66 * s)} ${n(y + 96 * s)}V416Z`,
      shirt,
    ) +
    rect(x - 9 * s, y + 22 * s, 18 * s, 26 * s, skin) +
    circle(x, y, r, skin) +
    path(
      `M${n(x - r)} ${n(y + 2 * s)}a${n(r)} ${n(r)} 0 0 1 ${n(2 * r)} 0q${n(-10 * s)} ${n(-18 * s)} ${n(-r)} ${n(-16 * s)}q${n(-14 * s)} ${n(4 * s)} ${n(-r)} ${n(16 * s)}z`,
      hair,
    )
  );
}

/** A bicycle seen from the side, its wheels' centres on y. */
export function bicycle(x: number, y: number, s: number, frame: string) {
  const r = 36 * s;
  const at = (dx: number, dy: number): [number, number] => [x + dx * s, y + dy * s];
  const rear = at(-50, 0);
  const front = at(50, 0);
  const crank = at(-6, 0);
  const seat = at(-20, -56);
  const head = at(32, -54);
  return (
    circle(rear[0], rear[1], r, 'none', `stroke="${INK}" stroke-width="${n(7 * s)}"`) +
    circle(front[0], front[1], r, 'none', `stroke="${INK}" stroke-width="${n(7 * s)}"`) +
    stroke(poly(rear, crank, seat, rear) + poly(seat, head, crank) + poly(head, front), frame, 6 * s) +
    stroke(poly(at(-30, -64), at(-10, -64)), INK, 7 * s) +
    stroke(poly(head, at(28, -70), at(42, -72)), INK, 5 * s) +
    circle(crank[0], crank[1], 6 * s, METAL_DARK)
  );
}

/** A dumbbell lying with its centre at (x, y). */
export const dumbbell = (x: number, y: number, s: number, plate: string) =>
  rect(x - 26 * s, y - 3 * s, 52 * s, 6 * s, METAL) +
  rect(x - 34 * s, y - 14 * s, 12 * s, 28 * s, plate, `rx="${n(3 * s)}"`) +
  rect(x + 22 * s, y - 14 * s, 12 * s, 28 * s, plate, `rx="${n(3 * s)}"`);

/** A kettlebell standing on y. */
export const kettlebell = (x: number, y: number, s: number, fill: string) =>
  stroke(`M${n(x - 18 * s)} ${n(y - 50 * s)}q${n(18 * s)} ${n(-34 * s)} ${n(36 * s)} 0`, fill, 10 * s) +
  path(`M${n(x - 34 * s)} ${n(y - 4 * s)}a${n(36 * s)} ${n(34 * s)} 0 1 1 ${n(68 * s)} 0z`, fill);

/** A cardboard box: front face, a lighter top and a strip of tape. */
export function box(x: number, y: number, w: number, h: number) {
  const d = Math.min(w, h) * 0.22;
  return (
    path(`M${n(x)} ${n(y)}l${n(d)} ${n(-d)}h${n(w)}l${n(-d)} ${n(d)}z`, hex(32, 52, 70)) +
    path(`M${n(x + w)} ${n(y)}l${n(d)} ${n(-d)}v${n(h)}l${n(-d)} ${n(d)}z`, hex(30, 42, 48)) +
    rect(x, y, w, h, KRAFT) +
    rect(x + w / 2 - 7, y, 14, h * 0.4, hex(36, 40, 80))
  );
}

/** A flat chair seen from the side, facing right when `dir` is 1, standing on y. */
export const sideChair = (x: number, y: number, dir: 1 | -1, colour: string) =>
  stroke(`M${n(x)} ${n(y - 76)}V${n(y)}M${n(x)} ${n(y - 34)}h${n(dir * 36)}V${n(y)}`, colour, 6);

/** An armchair facing the viewer, standing on y. */
export const armchair = (x: number, y: number, s: number, fill: string, shade: string) =>
  rect(x - 48 * s, y - 96 * s, 96 * s, 64 * s, fill, `rx="${n(16 * s)}"`) +
  rect(x - 56 * s, y - 40 * s, 112 * s, 30 * s, shade, `rx="${n(8 * s)}"`) +
  rect(x - 66 * s, y - 64 * s, 22 * s, 56 * s, fill, `rx="${n(10 * s)}"`) +
  rect(x + 44 * s, y - 64 * s, 22 * s, 56 * s, fill, `rx="${n(10 * s)}"`) +
  stroke(`M${n(x - 50 * s)} ${n(y - 10 * s)}v${n(10 * s)}M${n(x + 50 * s)} ${n(y - 10 * s)}v${n(10 * s)}`, INK, 5 * s);

/** A drop of water, pointed end up, its top at (x, y). */
export const drop = (x: number, y: number, fill: string) => path(`M${n(x)} ${n(y)}c4 7 6 10 6 13a6 6 0 0 1-12 0c0-3 2-6 6-13z`, fill);

/** An eighth note, its head at (x, y). */
export const note = (x: number, y: number, fill: string) =>
  ellipse(x, y, 13, 9, fill, rotate(-20, x, y)) + stroke(`M${n(x + 11)} ${n(y - 3)}V${n(y - 64)}q4 20 22 30`, fill, 5);

/** A leafy tree: a trunk and a round crown, its foot on y. */
export const tree = (x: number, y: number, s: number) =>
  rect(x - 5 * s, y - 50 * s, 10 * s, 50 * s, WOOD_DARK) + circle(x, y - 70 * s, 34 * s, LEAF) + circle(x + 12 * s, y - 84 * s, 20 * s, LEAF_LIGHT);
