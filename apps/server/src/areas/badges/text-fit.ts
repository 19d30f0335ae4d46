// Fitting a text into a box on a badge: the largest size from `maxSize` down to `minSize` at which it wraps (between
// words, or after a hyphen) into at most `maxLines` lines of at most `width`; at the smallest size a text still too
// long is cut with an ellipsis. A word wider than the box is broken between characters. Nothing runs past the box.

export interface FitBox {
  width: number;
  maxSize: number;
  minSize: number;
  maxLines: number;
}

export interface Fitted {
  size: number;
  lines: string[];
}

const STEP = 0.5;
const ELLIPSIS = '…';

/** `measure` answers a text's width at size 1 (widths scale with the size). */
export function fitText(text: string, measure: (text: string) => number, box: FitBox): Fitted {
  if (!text) return { size: box.maxSize, lines: [] };
  const widths = new Map<string, number>();
  const widthOf = (part: string) => {
    let width = widths.get(part);
    if (width === undefined) widths.set(part, (width = measure(part)));
    return width;
  };
  for (let size = box.maxSize; size >= box.minSize; size -= STEP) {
    const lines = wrap(text, box.width / size, widthOf);
    if (lines.length <= box.maxLines) return { size, lines };
  }
  const room = box.width / box.minSize;
  const lines = wrap(text, room, widthOf);
  const kept = lines.slice(0, box.maxLines);
  kept[kept.length - 1] = ellipsize(lines.slice(box.maxLines - 1).join(' '), room, widthOf);
  return { size: box.minSize, lines: kept };
}

/** Greedy wrapping into lines no wider than `room` (at size 1), between words or after a hyphen. */
function wrap(text: string, room: number, widthOf: (part: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const [index, word] of text.split(' ').entries()) {
    for (const [at, piece] of word.split(/(?<=-)/).entries()) {
      const candidate = line && index > 0 && at === 0 ? `${line} ${piece}` : `${line}${piece}`;
      if (widthOf(candidate) <= room) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = piece;
      // A piece that alone is too wide: as many characters as fit on each line.
      while (widthOf(line) > room) {
        const chars = [...line];
        let cut = chars.length - 1;
        while (cut > 1 && widthOf(chars.slice(0, cut).join('')) > room) cut--;
        lines.push(chars.slice(0, cut).join(''));
        line = chars.slice(cut).join('');
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The text as it fits in `room`, cut at the end with an ellipsis when it does not. */
function ellipsize(text: string, room: number, widthOf: (part: string) => number): string {
  if (widthOf(text) <= room) return text;
  const chars = [...text];
  let end = chars.length;
  while (end > 0 && widthOf(`${chars.slice(0, end).join('').trimEnd()}${ELLIPSIS}`) > room) end--;
  return `${chars.slice(0, end).join('').trimEnd()}${ELLIPSIS}`;
}
