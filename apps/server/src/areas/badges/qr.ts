import QRCode from 'qrcode';

// The badge's QR code as vector squares in a PDF content stream: scanners read it at any print resolution, and it
// costs a few hundred bytes a badge where an image would cost kilobytes. Each run of dark modules in a row is one
// rectangle of one path, filled once (no seams between modules in any viewer).

/** The white margin round the code, in modules: the 4 the QR standard asks for. */
const QUIET_ZONE = 4;

const number = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * PDF operators that paint the QR code (error correction M) of `text`, quiet zone included, as a `size`-point square
 * whose lower-left corner is at (`x`, `y`).
 */
export function qrOperators(text: string, x: number, y: number, size: number): string {
  // One byte-mode segment: what the mode optimiser picks for a badge code anyway, without its search per code.
  const { modules } = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const unit = size / (count + 2 * QUIET_ZONE);
  const runs: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (!modules.get(row, column)) continue;
      const start = column;
      while (column + 1 < count && modules.get(row, column + 1)) column++;
      runs.push(`${start + QUIET_ZONE} ${row + QUIET_ZONE} ${column - start + 1} 1 re`);
    }
  }
  return [
    'q',
    // The quiet zone is white whatever is printed behind it.
    `1 g ${number(x)} ${number(y)} ${number(size)} ${number(size)} re f`,
    // One transform maps the module grid (row 0 at the top) onto the square, so each run is four small integers.
    `0 g ${number(unit)} 0 0 ${number(-unit)} ${number(x)} ${number(y + size)} cm`,
    ...runs,
    'f',
    'Q',
  ].join('\n');
}
