import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { authOf, expectOk } from '../../support/api';
import { bindCardOnIdentityStep } from '../../support/cards';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../../support/crm';
import { APPROVED_PERSON, fillIdentityByApi } from '../../support/identity';
import { paidOutOrder } from '../../support/orders';
import { signUpClient, useSession } from '../../support/session';
import { expect, expectNoAxeViolations, test } from '../../support/test';

/**
 * The automatic messages on the sandbox clock: a loan of 30 days gets its reminder two days
 * before the due date (the client's sandbox outbox shows the text); on its first day past due at
 * 23:00 the overdue notice is refused by the hours of 230-FZ and waits, the console's log shows
 * why; the next noon it goes. The reminder shows that the servicing job runs by itself
 * (ACCRUAL_SECONDS), so that step waits for its minute; the later steps run it through the
 * sandbox at once (POST /api/dev/jobs).
 */

const ARTIFACTS = fileURLToPath(new URL('../../.artifacts/', import.meta.url));
const clockSchema = z.object({ data: z.object({ now: z.string() }) });
const MOSCOW_OFFSET_MS = 3 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
/** The job runs every minute: a step may wait for one run and the run itself on a busy machine. */
const JOB_WAIT = { timeout: 180_000, intervals: [2_000, 5_000] };

async function serverNow(page: Page): Promise<number> {
  const answer = await page.request.get('/api/dev/clock');
  await expectOk(answer);
  return Date.parse(clockSchema.parse(await answer.json()).data.now);
}

/** The start of the Moscow day of `at`, as an instant. */
function moscowMidnight(at: number): number {
  return at - ((at + MOSCOW_OFFSET_MS) % DAY_MS);
}

/** Moves the sandbox clock to `hour`:00 Moscow time of the day `days` after `from`'s day. */
async function moveClockTo(page: Page, from: number, days: number, hour: number) {
  const target = moscowMidnight(from) + days * DAY_MS + hour * 60 * MINUTE_MS;
  const minutes = Math.ceil((target - (await serverNow(page))) / MINUTE_MS);
  expect(minutes, 'the clock is already past the moment').toBeGreaterThan(0);
  const whole = Math.floor(minutes / DAY_MINUTES);
  await expectOk(
    await page.request.post('/api/dev/clock', {
      data: { days: whole, minutes: minutes - whole * DAY_MINUTES },
    }),
  );
}

async function outboxTexts(page: Page, phone: string): Promise<string[]> {
  const answer = await page.request.get(
    `/api/dev/outbox?recipient=${encodeURIComponent(phone)}&limit=50`,
  );
  await expectOk(answer);
  const schema = z.object({ data: z.array(z.object({ body: z.string() })) });
  return schema.parse(await answer.json()).data.map((message) => message.body);
}

/** One run of the servicing jobs, started after the clock moved, finished when it answers. */
async function runServicingJobs(page: Page): Promise<void> {
  await expectOk(await page.request.post('/api/dev/jobs'));
}

/** The first SMS to `phone` containing `needle`, polled until the job has sent it. */
function sentText(page: Page, phone: string, needle: string) {
  return expect.poll(
    async () => (await outboxTexts(page, phone)).find((text) => text.includes(needle)),
    JOB_WAIT,
  );
}

test('reminders and the overdue notice go by themselves; the log shows a refusal and why', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(600_000);
  const client = await signUpClient(page.request);
  await useSession(page, client);
  await page.goto('/dev/test');
  await expect(page.getByTestId('server-clock')).toBeVisible();
  await expectNoAxeViolations(page, 'песочница /dev/test');
  await fillIdentityByApi(page, APPROVED_PERSON);
  await bindCardOnIdentityStep(page);
  const order = await paidOutOrder(page.request, await authOf(page), client.phone);
  const paidOutAt = await serverNow(page);

  // Two days before the due date (day 30), at noon: the 3-day reminder's window.
  await moveClockTo(page, paidOutAt, 28, 12);
  await sentText(page, client.phone, 'платёж до').toContain(`по договору ${order.contract_number}`);
  // The client's session has ended with the days moved: the sandbox page is open to anyone.
  const outbox = await browser.newPage({ baseURL: new URL(page.url()).origin, locale: 'ru-RU' });
  await outbox.goto('/dev/test');
  await outbox.getByLabel('Получатель').fill(client.phone);
  await expect(
    outbox.getByTestId('outbox-message').filter({ hasText: 'включительно' }).first(),
  ).toContainText(`Займо: по договору ${order.contract_number} платёж до`);
  await expectNoAxeViolations(outbox, 'песочница: исходящие SMS клиента');
  await outbox.close();

  // The first day past due, 23:00 Moscow: no message may go now (230-FZ art. 7 part 5 item 1).
  await moveClockTo(page, paidOutAt, 31, 23);
  await runServicingJobs(page);
  const staff = await context.newPage();
  await signInToConsole(staff, await demoAdmin(staff.request));
  await staff.goto(`/crm/collections/${order.id}`);
  const log = staff.getByRole('region', { name: 'Автоматические сообщения' });
  await expect(log).toContainText('Ждёт разрешённого времени');
  const waiting = log.getByRole('row').filter({ hasText: 'Уведомление о просрочке' });
  await expect(waiting).toContainText('ст. 7 ч. 5 п. 1 230-ФЗ');
  await expect(waiting).toContainText('CONTACT_HOURS');
  // The next morning: 8:00 on a working day, 9:00 on a day off (the date depends on the clock).
  await expect(waiting).toContainText(/повтор \d{2}\.\d{2}\.\d{4} 0[89]:00/);
  await expect(log.getByRole('row').filter({ hasText: 'за 3 дн. до срока' })).toContainText(
    'Отправлено',
  );
  await checkAtBothWidths(staff, 'просроченный заём: автоматические сообщения');
  await staff.setViewportSize({ width: 1366, height: 900 });
  await log.scrollIntoViewIfNeeded();
  await staff.screenshot({ path: `${ARTIFACTS}crm-reminders-waiting.png`, fullPage: true });

  // The next day at noon the notice goes; its row keeps the refusal it waited through.
  await moveClockTo(page, paidOutAt, 32, 12);
  await runServicingJobs(page);
  const notice = (await outboxTexts(page, client.phone)).find((text) => text.includes('просрочен'));
  expect(notice).toContain('Уведомление бесплатное.');
  // Thirteen hours on, the staff session has ended: a new tab signs in again.
  const later = await context.newPage();
  await signInToConsole(later, await demoAdmin(later.request));
  await later.goto(`/crm/collections/${order.id}`);
  const sent = later
    .getByRole('region', { name: 'Автоматические сообщения' })
    .getByRole('row')
    .filter({ hasText: 'Уведомление о просрочке' });
  await expect(sent).toContainText('Отправлено');
  await expect(sent).toContainText('CONTACT_HOURS');
  await expect(later.getByRole('region', { name: 'Контакты с должником' })).toContainText(
    'Автоматически',
  );
  await checkAtBothWidths(later, 'просроченный заём: уведомление отправлено');
  await later.setViewportSize({ width: 1366, height: 900 });
  await later.screenshot({ path: `${ARTIFACTS}crm-reminders-sent.png`, fullPage: true });
});
