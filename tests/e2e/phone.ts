import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What makes a screen hard to use on a phone, found on the page as it is now:
 * - sideways page scroll: the document wider than the window (named by the elements past its right edge);
 * - text cut off: an element that clips or scrolls its content sideways (overflow other than visible, or an
 *   ellipsis) while that content is wider than its box, so part of a figure or a word is hidden;
 * - small touch targets: a visible link, button, field, tab or summary less than 44 × 44 px (WCAG 2.5.5). A
 *   checkbox or radio counts by its label when the label wraps it; a link inside a sentence is exempt, as the
 *   guideline's inline exception has it.
 * Each finding names the element, so a failure reads "cut off: TD.num 'Amount' (61 > 48 px)".
 */
export interface PhoneFindings {
  scroll: string[];
  cut: string[];
  targets: string[];
}

export const MIN_TARGET = 44;

export async function phoneFindings(page: Page): Promise<PhoneFindings> {
  return page.evaluate((min) => {
    const name = (e: Element) => {
      const text = (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().replace(/\s+/g, ' ');
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.split(' ')[0]}` : '';
      return `${e.tagName}${cls} '${text.slice(0, 40)}'`;
    };
    const shown = (e: Element) => {
      const style = getComputedStyle(e);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const box = e.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      // Visually hidden (clipped to nothing) or inside something that is.
      for (let a: Element | null = e; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)') return false;
        if (a.getBoundingClientRect().width <= 1 && s.overflow !== 'visible') return false;
      }
      return true;
    };
    const all = [...document.body.querySelectorAll('*')];

    const width = document.documentElement.clientWidth;
    const scroll =
      document.documentElement.scrollWidth > width
        ? all
            .filter((e) => shown(e) && e.getBoundingClientRect().right > width + 1)
            .slice(0, 6)
            .map((e) => `${name(e)} (right edge ${Math.round(e.getBoundingClientRect().right)} px)`)
        : [];

    const cut: string[] = [];
    for (const e of all) {
      if (!(e instanceof HTMLElement) || !shown(e)) continue;
      if (e.tagName === 'svg' || e.closest('svg') || e.tagName === 'HTML' || e.tagName === 'BODY') continue;
      if (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement || e instanceof HTMLSelectElement)
        continue;
      const style = getComputedStyle(e);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (!clips) continue;
      if (e.scrollWidth > e.clientWidth + 1 && (e.textContent ?? '').trim())
        cut.push(`${name(e)} (${e.scrollWidth} > ${e.clientWidth} px)`);
    }

    const targets: string[] = [];
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [role=checkbox], [role=switch], [role=menuitem]';
    for (const e of document.body.querySelectorAll(selector)) {
      if (!shown(e)) continue;
      let box = e.getBoundingClientRect();
      if (e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio')) {
        const label = e.closest('label') ?? (e.id ? document.querySelector(`label[for="${e.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      // A link in a sentence: its block has text of its own beside the link.
      if (e.tagName === 'A' && !e.closest('nav')) {
        const block = e.parentElement;
        const own = block
          ? [...block.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim())
          : false;
        if (own) continue;
      }
      if (Math.round(box.height) < min || Math.round(box.width) < min)
        targets.push(`${name(e)} (${Math.round(box.width)} × ${Math.round(box.height)} px)`);
    }
    return { scroll, cut: [...new Set(cut)].slice(0, 12), targets: [...new Set(targets)].slice(0, 20) };
  }, MIN_TARGET);
}

/** No sideways page scroll, no text cut off, every touch target at least 44 px, on the page as it is now. */
export async function expectPhoneReady(page: Page, what: string): Promise<void> {
  const findings = await phoneFindings(page);
  expect(
    [
      ...findings.scroll.map((f) => `${what}: scrolls sideways: ${f}`),
      ...findings.cut.map((f) => `${what}: cut off: ${f}`),
      ...findings.targets.map((f) => `${what}: touch target under ${MIN_TARGET} px: ${f}`),
    ],
    `${what} at ${page.viewportSize()?.width} px`,
  ).toEqual([]);
}
