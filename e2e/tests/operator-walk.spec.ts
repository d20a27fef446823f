import { expect, expectNoAxeViolations, test } from '../support/test';
import type { Locator, Page, Request } from '@playwright/test';
import { clientWithApprovedOrder, operatorLinkQuery } from '../support/operator';
import { SIGNED_IN_SCREENS } from '../support/screens';

/**
 * Operator mode offers nothing the server refuses an operator. In a cabinet opened by an operator
 * link, for a client with an approved order not yet signed, the walk opens every signed-in screen
 * and uses each visible, enabled control on it in turn (a button pressed, a choice made, a list
 * picked from), and then each control that using it revealed (a popup's, a choice's follow-up),
 * on a freshly opened screen each time. It fails on every call the server answers 403
 * OPERATOR_FORBIDDEN: such a control should not have been there.
 */

/** Spec §2's screens a signed-in client has, and the phone confirmation screen. */
const SCREENS = [...SIGNED_IN_SCREENS, '/confirm-phone'];

const CONTROL_ROLES = ['button', 'radio', 'checkbox', 'switch', 'combobox', 'link'] as const;

type Refusal = { call: string; after: string };

/** The controls inside `scope`, in document order. */
function controlsIn(scope: Locator): Locator {
  const [first, ...rest] = CONTROL_ROLES.map((role) => scope.getByRole(role));
  return rest.reduce((all, next) => all.or(next), first as Locator);
}

/** «button «Подписать»» for each control in `scope`: what tells them apart between openings. */
function fingerprintsIn(scope: Locator): Promise<string[]> {
  return controlsIn(scope).evaluateAll((elements) =>
    elements.map((element) => {
      const labels = (element as HTMLInputElement).labels;
      const label =
        element.getAttribute('aria-label') ??
        (labels?.[0]?.textContent || element.textContent) ??
        '';
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      return `${role} «${label.trim().replace(/\s+/g, ' ').slice(0, 60)}»`;
    }),
  );
}

/** The fingerprints once two looks in a row agree: the screen has filled in. */
async function settledFingerprintsIn(scope: Locator): Promise<string[]> {
  let last: string[] = [];
  await expect
    .poll(async () => {
      const now = await fingerprintsIn(scope);
      const same = now.join('\n') === last.join('\n');
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}

/**
 * Whether using it could make a call: a link to another screen only navigates, and a phone or
 * mail link opens the phone's or the mail app (in a test browser, a dialog that takes the input).
 */
async function makesCalls(control: Locator): Promise<boolean> {
  const href = await control.getAttribute('href');
  if (href === null) return true;
  const url = new URL(href, 'http://site.test');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== 'http://site.test' || url.pathname.startsWith('/api/');
}

/**
 * Visible, enabled and able to make a call. A file field only opens the system's file picker,
 * and a link to another screen only navigates (that screen is walked too).
 */
async function usable(control: Locator): Promise<boolean> {
  if (!(await control.isVisible()) || !(await control.isEnabled())) return false;
  if ((await control.getAttribute('type')) === 'file') return false;
  return makesCalls(control);
}

/**
 * Presses, checks or picks: what a person does with this control. A choice is made until it
 * holds: a click the page's scroll restoration moved off its target is made again.
 */
async function use(control: Locator): Promise<void> {
  const { tag, type } = await control.evaluate((element) => ({
    tag: element.tagName,
    type: element.getAttribute('type'),
  }));
  if (tag === 'SELECT') {
    const values = await control
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      );
    if (values[0]) await control.selectOption(values[0]);
    return;
  }
  if (type !== 'radio' && type !== 'checkbox') return control.click();
  const wanted = type === 'radio' || !(await control.isChecked());
  await expect(async () => {
    if ((await control.isChecked()) !== wanted) await control.click();
    await expect(control).toBeChecked({ checked: wanted, timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

/** Fingerprints of `after` that `before` does not have (as many times as it has them). */
function revealed(before: readonly string[], after: readonly string[]): number[] {
  const left = [...before];
  return after.flatMap((fingerprint, index) => {
    const at = left.indexOf(fingerprint);
    if (at === -1) return [index];
    left.splice(at, 1);
    return [];
  });
}

class Walk {
  readonly refusals: Refusal[] = [];
  used = 0;
  private doing = '';
  private readonly inFlight = new Set<Request>();
  /** Refused answers being read: read before the page moves on, or their body is gone. */
  private readonly reading = new Set<Promise<void>>();
  private readonly checked = new Set<string>();
  private readonly walked = new Set<string>();
  private readonly origin: string;

  constructor(private readonly page: Page) {
    this.origin = new URL(page.url()).origin;
    const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
    page.on('request', (request) => {
      if (isApi(request)) this.inFlight.add(request);
    });
    page.on('requestfinished', (request) => this.inFlight.delete(request));
    page.on('requestfailed', (request) => this.inFlight.delete(request));
    page.on('response', (response) => {
      if (response.status() !== 403 || !isApi(response.request())) return;
      const after = this.doing;
      const read = response
        .json()
        .then((body: { code?: string }) => {
          if (body.code !== 'OPERATOR_FORBIDDEN') return;
          const call = `${response.request().method()} ${new URL(response.url()).pathname}`;
          this.refusals.push({ call, after });
        })
        .finally(() => this.reading.delete(read));
      this.reading.add(read);
    });
    // A document opens in a tab of its own; the walk stays in the cabinet.
    page.context().on('page', (opened) => void opened.close());
  }

  /** Every call made so far is answered; a screen of ours is checked with axe-core once. */
  private async settle(): Promise<void> {
    // One task of the page's first: a call a handler starts a few promises later is then sent.
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await expect.poll(() => this.inFlight.size, { message: 'calls still under way' }).toBe(0);
    await Promise.all(this.reading);
    const url = new URL(this.page.url());
    if (url.origin !== this.origin || this.checked.has(url.pathname)) return;
    await expect(this.page.locator('h1').first()).toBeVisible();
    this.checked.add(url.pathname);
    await expectNoAxeViolations(this.page, `оператор: ${url.pathname}`);
  }

  /** The screen opened afresh, settled. */
  private async open(path: string): Promise<Locator> {
    this.doing = `открыт ${path}`;
    await this.page.goto(path);
    await expect(this.page.locator('h1').first()).toBeVisible();
    await this.settle();
    return this.page.locator('body');
  }

  /** What the person sees after using a control: an open popup, or the page. */
  private scope(): Promise<Locator> {
    const popup = this.page.getByRole('dialog');
    return popup.isVisible().then((open) => (open ? popup : this.page.locator('body')));
  }

  private async tryUsing(control: Locator, what: string): Promise<boolean> {
    // Signing out would end the operator's session, and with it the walk.
    if (what.endsWith('«Выйти»') || !(await usable(control))) return false;
    this.doing = what;
    await use(control);
    await this.settle();
    this.used += 1;
    return true;
  }

  /**
   * The control with this fingerprint (its `occurrence`-th) in `scope`, once the screen shows it:
   * a screen fills in as its calls answer, so a control is found by what it is, not by position.
   */
  private async find(scope: Locator, fingerprint: string, occurrence: number): Promise<Locator> {
    let index = -1;
    await expect
      .poll(
        async () => {
          const found = await fingerprintsIn(scope);
          index = found.flatMap((each, at) => (each === fingerprint ? [at] : []))[occurrence] ?? -1;
          return index;
        },
        { message: `${fingerprint} на экране` },
      )
      .toBeGreaterThan(-1);
    return controlsIn(scope).nth(index);
  }

  /**
   * Uses each control of the screen, then each control that using it revealed, on the screen
   * opened afresh each time; a screen a guard sent the client away from is walked where it
   * landed, once.
   */
  async screen(path: string): Promise<void> {
    const landed = new URL((await this.open(path)).page().url()).pathname;
    if (this.walked.has(landed)) return;
    this.walked.add(landed);
    const before = await settledFingerprintsIn(this.page.locator('body'));
    for (const [index, name] of before.entries()) {
      const occurrence = before.slice(0, index).filter((each) => each === name).length;
      const control = await this.find(await this.open(landed), name, occurrence);
      if (!(await this.tryUsing(control, `${landed}: ${name}`))) continue;
      const after = await settledFingerprintsIn(await this.scope());
      for (const inner of revealed(before, after)) {
        const shown = after[inner] ?? '';
        const again = after.slice(0, inner).filter((each) => each === shown).length;
        await use(await this.find(await this.open(landed), name, occurrence));
        await this.settle();
        const next = await this.find(await this.scope(), shown, again);
        await this.tryUsing(next, `${landed}: ${name} → ${shown}`);
      }
    }
  }
}

test('an operator can reach no control whose call the server refuses an operator', async ({
  page,
}) => {
  test.setTimeout(1_200_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const client = await clientWithApprovedOrder(page);
  await page.goto(`/loan${await operatorLinkQuery(page, client)}`);
  await expect(page.getByTestId('admin-banner')).toBeVisible();
  const walk = new Walk(page);
  for (const path of SCREENS) await walk.screen(path);
  expect(walk.used, 'controls the walk used').toBeGreaterThan(10);
  expect(walk.refusals, 'вызовы, которые сервер запрещает оператору').toEqual([]);
});
