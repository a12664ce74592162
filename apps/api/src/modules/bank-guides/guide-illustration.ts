import type { GuideScreen } from '@prumo/domain/banks/statement-guides';

const width = 800;
const height = 500;
const rowHeight = 64;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A step's illustration: a window on the screen the step happens on, its menu, and the item to
 * choose marked with a pointer. Drawn from the guide's own words, so it says what the text says and
 * needs no screenshot of a bank's app (which would age, and is the bank's to publish). Presentation
 * attributes only: the SVG carries no style, script or outside reference.
 */
export function drawGuideIllustration(options: {
  bankName: string;
  stepNumber: number;
  stepCount: number;
  screen: GuideScreen;
}): string {
  const { bankName, stepNumber, stepCount, screen } = options;
  const top = 150;
  const rows = screen.items.map((item, index) => {
    const y = top + index * (rowHeight + 14);
    const chosen = index === screen.chosen;
    const box = chosen
      ? `<rect x="90" y="${y}" width="620" height="${rowHeight}" rx="12" fill="#e8f1ff" stroke="#2563eb" stroke-width="4"/>`
      : `<rect x="90" y="${y}" width="620" height="${rowHeight}" rx="12" fill="#ffffff" stroke="#d0d7de" stroke-width="2"/>`;
    const label = `<text x="120" y="${y + 41}" font-family="Arial, Helvetica, sans-serif" font-size="26" font-weight="${chosen ? 700 : 400}" fill="${chosen ? '#1d4ed8' : '#374151'}">${escapeXml(item)}</text>`;
    // A pointer at the item to choose.
    const pointer = chosen
      ? `<path d="M 650 ${y + 20} l 0 40 l 10 -10 l 8 18 l 8 -4 l -8 -18 l 14 0 z" fill="#111827" stroke="#ffffff" stroke-width="2"/>`
      : '';
    return box + label + pointer;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`${bankName}, passo ${stepNumber}: ${screen.items[screen.chosen] ?? ''}`)}">`,
    `<rect width="${width}" height="${height}" fill="#f3f4f6"/>`,
    `<rect x="40" y="30" width="720" height="440" rx="20" fill="#ffffff" stroke="#d0d7de" stroke-width="2"/>`,
    `<path d="M 40 50 a 20 20 0 0 1 20 -20 h 680 a 20 20 0 0 1 20 20 v 56 h -720 z" fill="#1f2937"/>`,
    `<text x="70" y="78" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(bankName)}</text>`,
    `<text x="730" y="78" text-anchor="end" font-family="Arial, Helvetica, sans-serif" font-size="20" fill="#d1d5db">${escapeXml(screen.place)}</text>`,
    `<text x="90" y="134" font-family="Arial, Helvetica, sans-serif" font-size="18" fill="#6b7280">Passo ${stepNumber} de ${stepCount}</text>`,
    ...rows,
    '</svg>',
  ].join('');
}
