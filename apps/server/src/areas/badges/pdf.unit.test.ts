import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedBadgeFonts } from './fonts.ts';
import { badgesPdf, type BadgePerson } from './pdf.ts';

const person = (name: string, index: number): BadgePerson => ({ name, jobTitle: 'Engineer', company: 'Acme', code: `mb1.code-${index}` });

describe('badgesPdf', () => {
  it('makes one page a person, in the size asked', async () => {
    const people = ['Ada Lovelace', 'Łukasz Żółtowski', '張偉', '김민준', ''].map(person);
    for (const [size, dimensions] of [
      ['a6', { width: 297.64, height: 419.53 }],
      ['label-4x3', { width: 288, height: 216 }],
    ] as const) {
      const pdf = await PDFDocument.load(await badgesPdf({ eventName: 'Mingle Summit', logoPng: null, people }, size));
      expect(pdf.getPageCount()).toBe(people.length);
      expect(pdf.getPages().map((page) => page.getSize())).toEqual(people.map(() => dimensions));
    }
  });
});

describe('the badge fonts', () => {
  it('print Latin, Greek and Cyrillic in Noto Sans, Chinese in Noto Sans SC, and "?" for what neither has', async () => {
    const doc = await PDFDocument.create();
    const fonts = await embedBadgeFonts(doc, { regular: [], bold: ['Łukasz', '張偉'] });
    const latin = fonts.printable('Łukasz  Αλέξης\tИван', 'bold');
    expect(latin.text).toBe('Łukasz Αλέξης Иван');
    expect(latin.font.name).toMatch(/NotoSans-Bold/);
    expect(fonts.printable('張偉', 'bold').font.name).toMatch(/NotoSansSC/);
    expect(fonts.printable('김민준 Kim', 'bold').text).toBe('??? Kim');
    // No regular text needed another face, so none was embedded for it.
    expect(fonts.printable('張偉', 'regular').text).toBe('??');
  });
});
