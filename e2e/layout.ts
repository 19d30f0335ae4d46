import type { Locator, Page } from '@playwright/test';

/**
 * What a phone user would have to scroll sideways for, or could not reach at all, on the page as it is now: the
 * document wider than the window, a box that scrolls sideways (a dialog wider than its panel), and every visible
 * control (button, link, field) whose box sticks out of the window or out of an ancestor that clips or scrolls it.
 * A strip meant to scroll sideways says so with Tailwind's `overflow-x-auto` (or `-scroll`): what it holds is
 * reachable by scrolling it, so only the strip is judged. Each problem is a line naming the element and by how much.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // Through the root element: the e2e code is type-checked without the DOM's globals.
  return page.locator('html').evaluate((root) => {
    const document = root.ownerDocument;
    const getComputedStyle = (element: typeof root) => document.defaultView!.getComputedStyle(element);
    const problems: string[] = [];
    const extra = root.scrollWidth - root.clientWidth;
    if (extra > 0) problems.push(`the document is ${extra}px wider than the window`);

    const slack = 1; // sub-pixel rounding of borders and transforms
    const name = (element: typeof root) => {
      const label = element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('placeholder') ?? '';
      const text = label.replace(/\s+/g, ' ').trim().slice(0, 60);
      return `${element.tagName.toLowerCase()}${text ? ` "${text}"` : element.id ? `#${element.id}` : ''}`;
    };
    const sideways = '[class*="overflow-x-auto"], [class*="overflow-x-scroll"]';
    const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
    for (const element of document.body.querySelectorAll('*')) {
      if (element.matches(`${sideways}, input, textarea, select`) || !scrolls(getComputedStyle(element).overflowX)) continue;
      const hidden = element.scrollWidth - element.clientWidth;
      if (hidden > slack) problems.push(`${name(element).slice(0, 50)} scrolls ${hidden}px sideways`);
    }

    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="combobox"], [role="link"]',
    );
    for (const control of controls) {
      // Not shown, or shown only to screen readers (clipped to a pixel on purpose).
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      let inStrip = false;
      for (let ancestor = control.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (ancestor.matches(sideways)) {
          inStrip = true;
          break;
        }
        if (getComputedStyle(ancestor).overflowX === 'visible') continue;
        const frame = ancestor.getBoundingClientRect();
        const left = frame.left - box.left;
        const right = box.right - frame.right;
        if (left > slack || right > slack) {
          problems.push(`${name(control)} is clipped ${Math.round(Math.max(left, right))}px by ${name(ancestor).slice(0, 40)}`);
          break;
        }
      }
      if (inStrip) continue;
      const outside = Math.max(-box.left, box.right - root.clientWidth);
      if (outside > slack) problems.push(`${name(control)} sticks ${Math.round(outside)}px out of the window`);
    }
    return problems;
  });
}

/**
 * How many pixels of an element's text are cut off: by its own box (an ellipsis) or by an ancestor that clips or
 * scrolls, or by the window; 0 when all of it shows.
 */
export async function hiddenTextWidth(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const document = element.ownerDocument;
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    let hidden = Math.max(element.scrollWidth - element.clientWidth, -text.left, text.right - document.documentElement.clientWidth);
    for (let box = element; box && box !== document.body; box = box.parentElement!) {
      if (document.defaultView!.getComputedStyle(box).overflowX === 'visible') continue;
      const frame = box.getBoundingClientRect();
      hidden = Math.max(hidden, frame.left - text.left, text.right - frame.right);
    }
    return Math.round(hidden);
  });
}

/**
 * Where a text wraps inside an element: for each line after the first, the characters either side of the break.
 * Read from the layout (one range per character), so it sees what the reader sees.
 */
export async function lineBreaks(locator: Locator): Promise<Array<{ before: string; after: string }>> {
  return locator.evaluate((element) => {
    const document = element.ownerDocument;
    const walker = document.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
    const characters: Array<{ char: string; top: number }> = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < (node.textContent ?? '').length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (rect) characters.push({ char: node.textContent![index]!, top: rect.top });
      }
    }
    const breaks: Array<{ before: string; after: string }> = [];
    for (let index = 1; index < characters.length; index++) {
      if (characters[index]!.top > characters[index - 1]!.top + 2) breaks.push({ before: characters[index - 1]!.char, after: characters[index]!.char });
    }
    return breaks;
  });
}
