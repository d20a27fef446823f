import type { Page } from '@playwright/test';

/**
 * Stops every toast's clock, as a pointer resting on it would: react-toastify closes a toast when
 * its progress bar's animation ends, so a paused animation keeps it. Hovering after the fact races
 * the toast's five seconds on a busy machine, and a focus change restarts a hover's pause.
 */
export async function pauseToasts(page: Page): Promise<void> {
  await page.addStyleTag({
    content: '.Toastify__progress-bar { animation-play-state: paused !important; }',
  });
}
