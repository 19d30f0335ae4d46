import { deflateSync } from 'node:zlib';
import type { BadgeSize } from '@mingle/shared/badges/inputs';
import { PageSizes, PDFDocument, rgb, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { embedBadgeFonts, textWidth, type BadgeFonts, type Printable } from './fonts.ts';
import { qrOperators } from './qr.ts';
import { fitText, type FitBox, type Fitted } from './text-fit.ts';

// The badges as one PDF, a badge a page: the event's logo and name at the top, the person's name, job title and
// company in the middle, the badge's QR code (its badge code, badge-token.ts) at the bottom. The logo and the fonts
// are embedded once and shared by every page. Points throughout (72 a inch), origin at the bottom left.

export interface BadgePerson {
  name: string;
  jobTitle: string | null;
  company: string | null;
  /** What the QR code carries: badgeToken(...). */
  code: string;
}

export interface BadgeSheet {
  eventName: string;
  /** The event's logo as PNG, or null for none. */
  logoPng: Uint8Array | null;
  people: BadgePerson[];
}

interface Box {
  x: number;
  /** The bottom edge. */
  y: number;
  width: number;
  height: number;
}

interface Layout {
  page: [number, number];
  header: Box;
  /** The logo above the event's name (A6), or beside it (the label). */
  logo: { stacked: boolean; width: number; height: number };
  eventName: Omit<FitBox, 'width'>;
  /** A thin line under the header. */
  ruleY: number;
  body: Box;
  align: 'center' | 'left';
  name: Omit<FitBox, 'width'>;
  detail: Omit<FitBox, 'width'>;
  qr: { x: number; y: number; size: number };
}

const MM = 72 / 25.4;
const INCH = 72;

/** A6 portrait (PageSizes.A6: 105 x 148 mm); everything centred, the QR code at the foot. */
function a6(): Layout {
  const [width, height] = PageSizes.A6 as [number, number];
  const margin = 7 * MM;
  const qr = 46 * MM;
  const headerHeight = 27 * MM;
  const top = height - margin;
  return {
    page: [width, height],
    header: { x: margin, y: top - headerHeight, width: width - 2 * margin, height: headerHeight },
    logo: { stacked: true, width: width - 2 * margin, height: 15 * MM },
    eventName: { maxSize: 11, minSize: 7, maxLines: 2 },
    ruleY: top - headerHeight - 3 * MM,
    body: { x: margin, y: margin + qr + 4 * MM, width: width - 2 * margin, height: top - headerHeight - 3 * MM - (margin + qr + 8 * MM) },
    align: 'center',
    name: { maxSize: 30, minSize: 14, maxLines: 2 },
    detail: { maxSize: 13, minSize: 8, maxLines: 2 },
    qr: { x: (width - qr) / 2, y: margin, size: qr },
  };
}

/** 4 x 3 in landscape, the label printers' common roll; the QR code at the bottom right, the words at the left. */
function label4x3(): Layout {
  const [width, height] = [4 * INCH, 3 * INCH];
  const margin = 5 * MM;
  const qr = 34 * MM;
  const headerHeight = 11 * MM;
  const top = height - margin;
  const bodyWidth = width - 2 * margin - qr - 4 * MM;
  return {
    page: [width, height],
    header: { x: margin, y: top - headerHeight, width: width - 2 * margin, height: headerHeight },
    logo: { stacked: false, width: 34 * MM, height: headerHeight },
    eventName: { maxSize: 10, minSize: 7, maxLines: 2 },
    ruleY: top - headerHeight - 2 * MM,
    body: { x: margin, y: margin, width: bodyWidth, height: top - headerHeight - 4 * MM - margin },
    align: 'left',
    name: { maxSize: 22, minSize: 11, maxLines: 2 },
    detail: { maxSize: 11, minSize: 7, maxLines: 2 },
    qr: { x: width - margin - qr, y: margin, size: qr },
  };
}

const LAYOUTS: Record<BadgeSize, Layout> = { a6: a6(), 'label-4x3': label4x3() };

const INK = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.29, 0.33, 0.39);
const BRAND = rgb(0.36, 0.25, 0.85);
const LINE_HEIGHT = 1.18;
/** From a line's top to its baseline, in ems: Noto's capitals and accents above it, its descenders below. */
const BASELINE = 0.93;
/** Pages drawn between two turns of the event loop, so other requests are answered while a large PDF is made. */
const PAGES_PER_TURN = 10;

/** The badges of `sheet.people`, in that order, one a page of `size`, as a PDF file. */
export async function badgesPdf(sheet: BadgeSheet, size: BadgeSize): Promise<Uint8Array> {
  const layout = LAYOUTS[size];
  const doc = await PDFDocument.create();
  doc.setTitle(`Badges · ${sheet.eventName}`);
  doc.setCreator('Mingle');
  const fonts = await embedBadgeFonts(doc, {
    regular: [sheet.eventName, ...sheet.people.map((person) => person.jobTitle ?? '')],
    bold: sheet.people.flatMap((person) => [person.name, person.company ?? '']),
  });
  const logo = sheet.logoPng ? await doc.embedPng(sheet.logoPng) : null;
  const header = planHeader(layout, logo, fonts.printable(sheet.eventName, 'regular'));
  for (const [index, person] of sheet.people.entries()) {
    if (index > 0 && index % PAGES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const page = doc.addPage(layout.page);
    drawHeader(page, layout, header);
    drawBody(page, layout, fonts, person);
    // The QR code goes in as a content stream of its own, written and compressed (by Node's zlib) here: as pdf-lib
    // operators it would be a few hundred objects a page, held until the file is saved.
    const { x, y, size: side } = layout.qr;
    const qr = doc.context.stream(deflateSync(qrOperators(person.code, x, y, side)), { Filter: 'FlateDecode' });
    page.node.addContentStream(doc.context.register(qr));
  }
  return doc.save({ objectsPerTick: 50 });
}

/** The same on every page: where the logo goes, and the event's name fitted beside or under it. */
interface HeaderPlan {
  logo: { image: PDFImage; x: number; y: number; width: number; height: number } | null;
  eventName: Printable;
  fitted: Fitted;
  nameBox: Box;
}

function planHeader(layout: Layout, image: PDFImage | null, eventName: Printable): HeaderPlan {
  const { header } = layout;
  let logo: HeaderPlan['logo'] = null;
  let nameBox: Box = header;
  if (image) {
    const scale = Math.min(layout.logo.width / image.width, layout.logo.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    if (layout.logo.stacked) {
      logo = { image, x: header.x + (header.width - width) / 2, y: header.y + header.height - height, width, height };
      nameBox = { ...header, height: header.height - height - 2 * MM };
    } else {
      logo = { image, x: header.x, y: header.y + (header.height - height) / 2, width, height };
      nameBox = { ...header, x: header.x + width + 3 * MM, width: header.width - width - 3 * MM };
    }
  }
  return { logo, eventName, fitted: fit(eventName, { ...layout.eventName, width: nameBox.width }), nameBox };
}

function drawHeader(page: PDFPage, layout: Layout, { logo, eventName, fitted, nameBox }: HeaderPlan) {
  if (logo) page.drawImage(logo.image, logo);
  const top = nameBox.y + (nameBox.height + blockHeight(fitted)) / 2;
  drawLines(page, eventName, fitted, nameBox, top, layout.logo.stacked ? 'center' : 'left', MUTED);
  const { header } = layout;
  page.drawLine({ start: { x: header.x, y: layout.ruleY }, end: { x: header.x + header.width, y: layout.ruleY }, thickness: 1, color: BRAND });
}

/** Name, job title and company, as large as the body lets them be together, centred in it top to bottom. */
function drawBody(page: PDFPage, layout: Layout, fonts: BadgeFonts, person: BadgePerson) {
  const { body } = layout;
  const items: Array<{ text: Printable; box: Omit<FitBox, 'width'>; color: RGB; gapAfter: number }> = [
    { text: fonts.printable(person.name, 'bold'), box: layout.name, color: INK, gapAfter: 3 * MM },
    { text: fonts.printable(person.jobTitle ?? '', 'regular'), box: layout.detail, color: MUTED, gapAfter: 1 * MM },
    { text: fonts.printable(person.company ?? '', 'bold'), box: layout.detail, color: BRAND, gapAfter: 0 },
  ].filter((item) => item.text.text !== '');
  // Shrink everything together until the block fits; at the smallest sizes it always does (the layouts leave room).
  let fitted: Fitted[] = [];
  let height = Infinity;
  for (let scale = 1; height > body.height && scale > 0; scale -= 0.05) {
    fitted = items.map((item) =>
      fit(item.text, { ...item.box, width: body.width, maxSize: Math.max(item.box.minSize, item.box.maxSize * scale) }),
    );
    height = fitted.reduce((sum, lines, index) => sum + blockHeight(lines) + (index < items.length - 1 ? items[index]!.gapAfter : 0), 0);
  }
  let top = body.y + (body.height + Math.min(height, body.height)) / 2;
  items.forEach((item, index) => {
    drawLines(page, item.text, fitted[index]!, body, top, layout.align, item.color);
    top -= blockHeight(fitted[index]!) + item.gapAfter;
  });
}

const fit = (text: Printable, box: FitBox) => fitText(text.text, (part) => textWidth(text.font, part), box);
const blockHeight = (fitted: Fitted) => fitted.lines.length * fitted.size * LINE_HEIGHT;

/** The lines from `top` down, each aligned in `box`, its baseline leaving room below for the descenders. */
function drawLines(page: PDFPage, text: Printable, fitted: Fitted, box: Box, top: number, align: 'center' | 'left', color: RGB) {
  const { size } = fitted;
  fitted.lines.forEach((line, index) => {
    const width = textWidth(text.font, line) * size;
    const x = align === 'center' ? box.x + (box.width - width) / 2 : box.x;
    const y = top - index * size * LINE_HEIGHT - size * BASELINE;
    page.drawText(line, { x, y, size, font: text.font, color });
  });
}
