import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { badgeToken, looksLikeBadgeToken, readBadgeToken } from './badge-token.ts';
import { qrOperators } from './qr.ts';

const SECRET = 'a-secret-long-enough-for-the-tests-0123456789';

describe('the badge code', () => {
  it('reads back as its person at its event only', () => {
    const [eventId, userId] = [randomUUID(), randomUUID()];
    const code = badgeToken(SECRET, eventId, userId);
    expect(looksLikeBadgeToken(code)).toBe(true);
    expect(readBadgeToken(SECRET, eventId, code)).toBe(userId);
    expect(readBadgeToken(SECRET, randomUUID(), code)).toBeNull();
    expect(readBadgeToken('another-secret', eventId, code)).toBeNull();
    expect(readBadgeToken(SECRET, eventId, code.replace(userId, randomUUID()))).toBeNull();
  });
});

describe('the QR code drawn on a badge', () => {
  it('paints exactly the dark modules of the code, inside its square', () => {
    const code = badgeToken(SECRET, randomUUID(), randomUUID());
    const operators = qrOperators(code, 10, 20, 100);
    const expected = QRCode.create([{ data: Buffer.from(code), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
    // The runs, back on a grid: each `column row width 1 re`, in modules, the quiet zone of 4 included.
    const drawn = new Set<string>();
    for (const [, column, row, width] of operators.matchAll(/^(\d+) (\d+) (\d+) 1 re$/gm)) {
      for (let offset = 0; offset < Number(width); offset++) drawn.add(`${Number(row) - 4},${Number(column) - 4 + offset}`);
    }
    const dark = new Set<string>();
    for (let row = 0; row < expected.size; row++) for (let column = 0; column < expected.size; column++) if (expected.get(row, column)) dark.add(`${row},${column}`);
    expect(drawn).toEqual(dark);
    // The grid is mapped onto the 100-point square from its top-left corner (10, 120), module by module.
    const unit = 100 / (expected.size + 8);
    expect(operators).toContain(`${Math.round(unit * 1000) / 1000} 0 0 ${-Math.round(unit * 1000) / 1000} 10 120 cm`);
  });
});
