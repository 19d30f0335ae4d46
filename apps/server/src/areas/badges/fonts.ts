import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { create as openFont, type Font } from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// The badges' fonts (decision 0167). The PDF standard fonts encode only WinAnsi, so "Łukasz" or "張偉" could not be
// printed at all: we embed Noto Sans (Latin, Greek, Cyrillic, Vietnamese) and, only when a name needs it, Noto Sans SC
// (Chinese, Japanese kana), both TrueType files shipped by npm packages. Each is embedded as a subset of the glyphs
// drawn, once per document. A character neither covers (Korean, Arabic, Hebrew...) prints as "?" rather than failing.

export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
const FAMILIES: ReadonlyArray<Record<Weight, string>> = [
  {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
];
const REPLACEMENT = '?';

interface Face {
  font: PDFFont;
  covers: Set<number>;
}

/** A text ready to draw: the face that has its characters, and the text itself (cleaned, or with "?" for the rest). */
export interface Printable {
  font: PDFFont;
  text: string;
}

export interface BadgeFonts {
  printable(text: string, weight: Weight): Printable;
}

/** One line of plain text: composed characters (NFC), every run of white space or control characters one space. */
export const cleanText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();

async function embed(doc: PDFDocument, file: string): Promise<Face> {
  const font = await doc.embedFont(await readFile(require.resolve(file)), { subset: true });
  return { font, covers: new Set(font.getCharacterSet()) };
}

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * fontkit 2 as pdf-lib takes it. pdf-lib's own fork (@pdf-lib/fontkit 1.1) writes broken subsets of these fonts (half
 * the letters print blank: their short `loca` offsets are misaligned), fixed in fontkit itself since 1.8; pdf-lib
 * reads a subset through `encodeStream()`, which fontkit 2 replaced by `encode()`.
 */
const fontkitForPdfLib: PdfLibFontkit = {
  create(bytes) {
    const font = openFont(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Font;
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
    };
    return font as unknown as ReturnType<PdfLibFontkit['create']>;
  },
};

const charWidths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * A text's width at size 1, as the sum of its characters' widths, each measured once per font of a document: pdf-lib
 * shapes the whole text for every measure, which made fitting most of a badge's time. pdf-lib draws no kerning, and
 * a ligature is no wider than its letters: the sum is never short of what gets drawn.
 */
export function textWidth(font: PDFFont, text: string): number {
  let widths = charWidths.get(font);
  if (!widths) charWidths.set(font, (widths = new Map()));
  let total = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) widths.set(char, (width = font.widthOfTextAtSize(char, 1)));
    total += width;
  }
  return total;
}

const missingFrom = (face: Face, text: string) => [...text].filter((char) => !face.covers.has(char.codePointAt(0)!)).length;

/**
 * Embeds the fonts `texts` need in `doc`: the first family always, a further one for a weight only when some text of
 * that weight has characters the families before it lack.
 */
export async function embedBadgeFonts(doc: PDFDocument, texts: Record<Weight, string[]>): Promise<BadgeFonts> {
  doc.registerFontkit(fontkitForPdfLib);
  const faces: Record<Weight, Face[]> = { regular: [], bold: [] };
  for (const weight of ['regular', 'bold'] as const) {
    for (const family of FAMILIES) {
      const needed = faces[weight].length === 0 || texts[weight].some((text) => faces[weight].every((face) => missingFrom(face, cleanText(text)) > 0));
      if (needed) faces[weight].push(await embed(doc, family[weight]));
    }
  }
  return {
    printable(text, weight) {
      const clean = cleanText(text);
      const candidates = faces[weight];
      const whole = candidates.find((face) => missingFrom(face, clean) === 0);
      if (whole) return { font: whole.font, text: clean };
      // No face has every character: the one that has the most, and "?" for the rest.
      const best = candidates.reduce((a, b) => (missingFrom(b, clean) < missingFrom(a, clean) ? b : a));
      return { font: best.font, text: [...clean].map((char) => (best.covers.has(char.codePointAt(0)!) ? char : REPLACEMENT)).join('') };
    },
  };
}
