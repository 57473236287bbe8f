import * as RadixDialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import {
  highlightOf,
  markTourCompleted,
  placeTooltip,
  type Rect,
  shouldShowTour,
  TOUR,
  TOUR_STEPS,
} from './steps';
import './tour.css';

/**
 * The welcome tour (spec 1 §2, §4, §9): after about 0.75 s, when onboarding is complete and the tour has not
 * been done, a spotlight (the target plus 8 px) with a 300 px tooltip beside it, kept 16 px inside the
 * viewport. Back, Next, Finish, Skip tour, a close button and dots to jump to a step; Finish, Skip, close and
 * Escape all set welcomeTourCompleted. Focus stays in the tooltip while it is open (a modal dialog on Radix,
 * the kit's dialog library). A step whose target is not on the screen moves on after 1 s.
 */
function findTarget(selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const el = document.querySelector<HTMLElement>(selector);
    if (el && el.getClientRects().length > 0) return el;
  }
  return null;
}

const rectOf = (el: HTMLElement): Rect => {
  const r = el.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
};

export function WelcomeTour() {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Rect | null>(null);
  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const step = TOUR_STEPS[index];
  const last = index === TOUR_STEPS.length - 1;

  useEffect(() => {
    if (!shouldShowTour()) return;
    const timer = setTimeout(() => setOpen(true), TOUR.startDelayMs);
    return () => clearTimeout(timer);
  }, []);

  const close = useCallback(() => {
    markTourCompleted();
    setOpen(false);
  }, []);

  // Find the step's target; measure it (and again on scroll and resize); without one, move on after 1 s.
  useLayoutEffect(() => {
    if (!open || !step) return;
    const target = findTarget(step.targets);
    if (!target) {
      setRect(null);
      const timer = setTimeout(() => {
        if (index < TOUR_STEPS.length - 1) setIndex(index + 1);
        else close();
      }, TOUR.missingTargetMs);
      return () => clearTimeout(timer);
    }
    target.scrollIntoView?.({ block: 'center', inline: 'nearest' });
    const measure = () => {
      setRect(rectOf(target));
      setViewport({ width: window.innerWidth, height: window.innerHeight });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open, step, index, close]);

  if (!open || !step) return null;
  const place = rect ? placeTooltip(rect, viewport) : null;
  const highlight = rect ? highlightOf(rect) : null;

  return (
    <RadixDialog.Root open onOpenChange={(next) => !next && close()}>
      <RadixDialog.Portal>
        <div
          className={highlight ? 'tour-spotlight' : 'tour-spotlight tour-spotlight-none'}
          aria-hidden="true"
          style={highlight ?? undefined}
        />
        <RadixDialog.Content
          className="tour-tooltip"
          style={place ? { top: place.top, left: place.left, width: place.width } : undefined}
          data-placed={place ? 'target' : 'centre'}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <div className="tour-head">
            <p className="tour-count">
              Step {index + 1} of {TOUR_STEPS.length}
            </p>
            <RadixDialog.Close className="icon-button tour-close" aria-label="Close tour">
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          <RadixDialog.Title className="tour-title">{step.title}</RadixDialog.Title>
          <RadixDialog.Description className="tour-text">{step.text}</RadixDialog.Description>
          <ol className="tour-dots" aria-label="Tour steps">
            {TOUR_STEPS.map((s, i) => (
              <li key={s.title}>
                <button
                  type="button"
                  className="tour-dot"
                  aria-label={`Step ${i + 1}: ${s.title}`}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => setIndex(i)}
                />
              </li>
            ))}
          </ol>
          <div className="tour-actions">
            <button type="button" className="tour-skip" onClick={close}>
              Skip tour
            </button>
            <span className="tour-nav">
              <button
                type="button"
                className="button"
                disabled={index === 0}
                onClick={() => setIndex(index - 1)}
              >
                Back
              </button>
              {last ? (
                <button type="button" className="button primary" onClick={close}>
                  Finish
                </button>
              ) : (
                <button type="button" className="button primary" onClick={() => setIndex(index + 1)}>
                  Next
                </button>
              )}
            </span>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
