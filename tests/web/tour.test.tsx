import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeTooltip, TOUR_STEPS } from '../../web/src/features/tour/steps';
import { WelcomeTour } from '../../web/src/features/tour/WelcomeTour';

/**
 * The welcome tour (spec 1 §2, §4, §9) over stand-ins for the shell's and the overview's elements (found by
 * their data-tour attributes, as on the real screen).
 */
function screenWith(targets: string[]) {
  return (
    <div>
      {targets.map((t) => (
        <button key={t} type="button" data-tour={t}>
          {t}
        </button>
      ))}
      <WelcomeTour />
    </div>
  );
}
const ALL = ['nav-setup/upload', 'money-flow', 'transactions', 'assistant', 'insights'];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('onboardingComplete', 'true');
});
afterEach(() => localStorage.clear());

const tour = () => screen.findByRole('dialog', {}, { timeout: 2000 });

describe('welcome tour', () => {
  it('opens after about 0.75 s, not at once, on the first step with focus inside it', async () => {
    render(screenWith(ALL));
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await tour();
    expect(within(dialog).getByRole('heading', { name: TOUR_STEPS[0]!.title })).toBeTruthy();
    expect(within(dialog).getByText('Step 1 of 5')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('is not shown before onboarding is complete, nor once it has been done', async () => {
    localStorage.removeItem('onboardingComplete');
    const { unmount } = render(screenWith(ALL));
    await new Promise((r) => setTimeout(r, 1200));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    localStorage.setItem('onboardingComplete', 'true');
    localStorage.setItem('welcomeTourCompleted', 'true');
    render(screenWith(ALL));
    await new Promise((r) => setTimeout(r, 1200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes Next and Back, jumps with the dots, and Finish on the last step sets welcomeTourCompleted', async () => {
    const user = userEvent.setup();
    render(screenWith(ALL));
    let dialog = await tour();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('heading', { name: 'See your money flow' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('heading', { name: 'Upload bank statements' })).toBeTruthy();
    const dots = within(dialog).getAllByRole('button', { name: /^Step \d/ });
    expect(dots).toHaveLength(5);
    await user.click(dots[4]!);
    dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Step 5 of 5')).toBeTruthy();
    expect(dots[4]!.getAttribute('aria-current')).toBe('step');
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('welcomeTourCompleted')).toBe('true');
  });

  it.each([
    [
      'Skip tour',
      async (user: ReturnType<typeof userEvent.setup>, d: HTMLElement) =>
        user.click(within(d).getByRole('button', { name: 'Skip tour' })),
    ],
    [
      'the close button',
      async (user: ReturnType<typeof userEvent.setup>, d: HTMLElement) =>
        user.click(within(d).getByRole('button', { name: 'Close tour' })),
    ],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('%s closes it for good', async (_, act) => {
    const user = userEvent.setup();
    render(screenWith(ALL));
    const dialog = await tour();
    await act(user, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('welcomeTourCompleted')).toBe('true');
  });

  it('moves on after 1 s from a step whose target is not on the screen', async () => {
    const user = userEvent.setup();
    render(screenWith(['nav-setup/upload', 'transactions']));
    const dialog = await tour();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // Step 2 (money flow) has no target here: a second later the tour is on step 3.
    expect(within(dialog).getByText('Step 2 of 5')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByText('Step 3 of 5')).toBeTruthy(), {
      timeout: 1800,
    });
    // Steps 4 and 5 have none either: it ends by itself and counts as done.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3500 });
    expect(localStorage.getItem('welcomeTourCompleted')).toBe('true');
  }, 10_000);

  it('on a phone, a step whose page is in the closed drawer points at the menu button and stays', async () => {
    const user = userEvent.setup();
    // A phone's overview: the menu button and the overview's own elements; the sidebar links are in the drawer.
    render(screenWith(['nav-menu', 'transactions']));
    const dialog = await tour();
    expect(dialog.getAttribute('data-placed')).toBe('target');
    for (const step of [2, 3, 4, 5]) {
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(within(dialog).getByText(`Step ${step} of 5`)).toBeTruthy();
      // Placed beside a target: no step of the tour moves on by itself.
      expect(dialog.getAttribute('data-placed')).toBe('target');
    }
    expect(localStorage.getItem('welcomeTourCompleted')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(localStorage.getItem('welcomeTourCompleted')).toBe('true');
  });
});

describe('tooltip placement', () => {
  const viewport = { width: 1280, height: 800 };
  it('sits below the highlighted target (8 px padding, 16 px gap), centred on it, 300 px wide', () => {
    expect(placeTooltip({ top: 100, left: 600, width: 80, height: 40 }, viewport)).toEqual({
      top: 100 + 40 + 8 + 16,
      left: 640 - 150,
      width: 300,
    });
  });
  it('goes above when there is no room below, and stays 16 px inside the edges', () => {
    const placed = placeTooltip({ top: 700, left: 1250, width: 20, height: 40 }, viewport);
    expect(placed.top).toBe(700 - 8 - 16 - 120);
    expect(placed.left).toBe(1280 - 16 - 300);
    expect(placeTooltip({ top: 10, left: 0, width: 20, height: 20 }, viewport).left).toBe(16);
  });
  it('fits a 390 px phone: as wide as the screen allows', () => {
    expect(
      placeTooltip({ top: 10, left: 10, width: 40, height: 40 }, { width: 320, height: 640 }).width,
    ).toBe(288);
  });
});
