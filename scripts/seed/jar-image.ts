import sharp from 'sharp';
import { seededRandom } from './random';

export interface JarLook {
  /** The pickle's main colour, e.g. mango gold. */
  fruit: string;
  /** A second colour for the pieces floating in the oil. */
  accent: string;
  /** Colour of the cloth tied over the lid. */
  cloth: string;
}

export const JAR_IMAGE_SIZE = 640;

function jarSvg(look: JarLook, seed: number): string {
  const random = seededRandom(seed);
  // Pieces of fruit and spice seeds inside the jar: what makes each picture look like a different pickle.
  const pieces = Array.from({ length: 150 }, () => {
    const x = random.int(200, 440);
    const y = random.int(300, 540);
    const rx = random.int(8, 22);
    const ry = random.int(6, 16);
    const angle = random.int(0, 179);
    const colour = random.next() < 0.6 ? look.accent : look.fruit;
    return `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" transform="rotate(${angle} ${x} ${y})" fill="${colour}" opacity="${(0.55 + random.next() * 0.4).toFixed(2)}"/>`;
  }).join('');
  const seeds = Array.from({ length: 260 }, () => {
    const x = random.int(195, 445);
    const y = random.int(290, 550);
    return `<circle cx="${x}" cy="${y}" r="${random.int(2, 4)}" fill="${random.next() < 0.5 ? '#3b2412' : '#e9c46a'}" opacity="0.8"/>`;
  }).join('');
  const checks = Array.from({ length: 12 }, (_, index) => {
    const x = 180 + index * 24;
    return `<rect x="${x}" y="150" width="12" height="70" fill="#fff8e7" opacity="0.35"/>`;
  }).join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${JAR_IMAGE_SIZE}" height="${JAR_IMAGE_SIZE}" viewBox="0 0 640 640">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="70%">
      <stop offset="0%" stop-color="#fff6e0"/>
      <stop offset="100%" stop-color="#f2d7a6"/>
    </radialGradient>
    <linearGradient id="glass" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0%" stop-color="#ffffff" stop-opacity="0.45"/>
      <stop offset="30%" stop-color="#ffffff" stop-opacity="0.05"/>
      <stop offset="85%" stop-color="#ffffff" stop-opacity="0.1"/>
      <stop offset="100%" stop-color="#ffffff" stop-opacity="0.4"/>
    </linearGradient>
    <linearGradient id="oil" x1="0" x2="0" y1="0" y2="1">
      <stop offset="0%" stop-color="${look.fruit}" stop-opacity="0.75"/>
      <stop offset="100%" stop-color="${look.fruit}"/>
    </linearGradient>
    <clipPath id="inside"><rect x="180" y="270" width="280" height="290" rx="46"/></clipPath>
  </defs>
  <rect width="640" height="640" fill="url(#bg)"/>
  <ellipse cx="320" cy="585" rx="190" ry="22" fill="#8a5a2b" opacity="0.25"/>
  <g transform="rotate(-18 110 560)">
    <ellipse cx="110" cy="560" rx="58" ry="11" fill="#c0261b"/>
    <path d="M52 560 q-14 -8 -22 4" stroke="#3f7d20" stroke-width="6" fill="none"/>
  </g>
  <g transform="rotate(24 540 565)">
    <ellipse cx="540" cy="565" rx="50" ry="10" fill="#2e8b3e"/>
    <path d="M590 565 q12 -10 22 0" stroke="#3f7d20" stroke-width="6" fill="none"/>
  </g>
  <ellipse cx="520" cy="600" rx="26" ry="12" fill="${look.accent}" transform="rotate(-20 520 600)"/>
  <ellipse cx="135" cy="605" rx="22" ry="11" fill="${look.fruit}" transform="rotate(15 135 605)"/>
  <rect x="168" y="230" width="304" height="345" rx="58" fill="#fdfaf2" opacity="0.6"/>
  <g clip-path="url(#inside)">
    <rect x="180" y="270" width="280" height="290" fill="url(#oil)"/>
    ${pieces}
    ${seeds}
    <rect x="180" y="270" width="280" height="18" fill="#f6c945" opacity="0.5"/>
  </g>
  <rect x="168" y="230" width="304" height="345" rx="58" fill="url(#glass)" stroke="#c9b99a" stroke-width="4"/>
  <rect x="210" y="200" width="220" height="46" rx="10" fill="#7a4a21"/>
  <path d="M170 160 Q320 120 470 160 L452 232 Q320 206 188 232 Z" fill="${look.cloth}"/>
  ${checks}
  <path d="M188 226 Q320 200 452 226" stroke="#5b3413" stroke-width="7" fill="none"/>
  <rect x="228" y="380" width="184" height="96" rx="14" fill="#fff8e7" stroke="#7a4a21" stroke-width="4" opacity="0.92"/>
  <rect x="250" y="402" width="140" height="10" rx="5" fill="${look.cloth}"/>
  <rect x="268" y="424" width="104" height="8" rx="4" fill="#7a4a21" opacity="0.7"/>
  <rect x="282" y="446" width="76" height="8" rx="4" fill="#7a4a21" opacity="0.5"/>
</svg>`;
}

/** A 640×640 WebP picture of a glass jar of this pickle, drawn locally (no downloads). */
export async function renderJarImage(look: JarLook, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(jarSvg(look, seed)))
    .webp({ quality: 90 })
    .toBuffer();
}
