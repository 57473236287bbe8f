import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe-core on the page as it is now: injected from node_modules, run over the whole document, and its
 * serious and critical violations (WCAG 2.x A/AA and best-practice rules axe rates as blocking for some users)
 * must be none. Minor and moderate findings are left to review. The check names the page, so a failure reads
 * "landing: color-contrast (serious) ...".
 */
const AXE = join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js');
let source: string | undefined;

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

export async function expectAccessible(page: Page, name: string): Promise<void> {
  const loaded = () => page.evaluate(() => 'axe' in window);
  if (!(await loaded())) {
    // Through the DevTools protocol, which the page's Content-Security-Policy (no inline scripts, as
    // CloudFront's) does not govern: a script tag would be refused, with an error in the console.
    source ??= readFileSync(AXE, 'utf8');
    await page.evaluate(source);
  }
  const findings = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[] }>;
      }>;
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  });
  const blocking = (findings as Finding[]).filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect(
    blocking.map((f) => `${name}: ${f.id} (${f.impact}) ${f.help} at ${f.nodes.join(' | ')}`),
    `axe-core on ${name}`,
  ).toEqual([]);
}
