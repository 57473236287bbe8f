export { markTourCompleted, ONBOARDING_COMPLETE_KEY, shouldShowTour, TOUR_COMPLETED_KEY } from './due';

/**
 * The welcome tour (spec 1 §2, §4, §9): five steps over the real screen. Each step names the elements it
 * can point at, best first: the overview's own element (the overview page carries these data-tour
 * attributes: money-flow, transactions, assistant, insights), else the shell's sidebar link to the page that
 * has it (the shell carries data-tour="nav-<path>" on every sidebar link, and "nav-menu" on the phone
 * menu button). On a phone the sidebar is in the closed drawer, so every step ends with the menu button that
 * opens it: each step then has a target on a phone and stays until the family moves on. A step none of whose
 * targets is on the screen moves on after 1 s.
 */
export interface TourStep {
  title: string;
  text: string;
  targets: string[];
}

export const TOUR_STEPS: TourStep[] = [
  {
    title: 'Upload bank statements',
    text: 'Start here: add the PDF statements your bank sends you. Each one is read, classified and matched.',
    // On a phone the sidebar is a drawer: then the menu button that opens it.
    targets: ['[data-tour="upload"]', '[data-tour="nav-setup/upload"]', '[data-tour="nav-menu"]'],
  },
  {
    title: 'See your money flow',
    text: 'Money in, money out and what moved between your own accounts, shown as one flow for the family.',
    targets: ['[data-tour="money-flow"]', '[data-tour="nav-flow"]', '[data-tour="nav-menu"]'],
  },
  {
    title: 'Correct a transaction',
    text: 'Wrong category? Change it and the AI learns, so similar transactions are right next time.',
    targets: [
      '[data-tour="transactions"]',
      '[data-tour="nav-setup/classification"]',
      '[data-tour="nav-menu"]',
    ],
  },
  {
    title: 'Ask questions',
    text: "Ask about your money in plain English, such as 'How much did we spend on groceries last month?'",
    targets: ['[data-tour="assistant"]', '[data-tour="nav-analytics"]', '[data-tour="nav-menu"]'],
  },
  {
    title: 'Insights for your family',
    text: 'Trends, unusual spending and savings opportunities, worked out from your own statements.',
    targets: ['[data-tour="insights"]', '[data-tour="nav-analytics"]', '[data-tour="nav-menu"]'],
  },
];

export const TOUR = {
  /** Shown about 0.5 to 1 s after the app opens. */
  startDelayMs: 750,
  /** A step with no target on the screen moves on after this. */
  missingTargetMs: 1000,
  tooltip: { width: 300, height: 120 },
  margin: 16,
  padding: 8,
} as const;

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * Where the tooltip goes: below the highlighted target (the target plus 8 px padding), else above it, else
 * over it; centred on it horizontally; always at least 16 px inside the viewport. Narrower viewports than
 * 300 + 2 × 16 px get a tooltip as wide as fits.
 */
export function placeTooltip(
  target: Rect,
  viewport: { width: number; height: number },
  size: { width: number; height: number } = TOUR.tooltip,
): { top: number; left: number; width: number } {
  const { margin, padding } = TOUR;
  const width = Math.min(size.width, viewport.width - 2 * margin);
  const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), Math.max(min, max));
  const below = target.top + target.height + padding + margin;
  const above = target.top - padding - margin - size.height;
  const top =
    below + size.height <= viewport.height - margin
      ? below
      : above >= margin
        ? above
        : clamp(target.top, margin, viewport.height - margin - size.height);
  const left = clamp(target.left + target.width / 2 - width / 2, margin, viewport.width - margin - width);
  return { top, left, width };
}

export function highlightOf(target: Rect): Rect {
  const { padding } = TOUR;
  return {
    top: target.top - padding,
    left: target.left - padding,
    width: target.width + 2 * padding,
    height: target.height + 2 * padding,
  };
}
