import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedClock } from '../../src/clock';
import { databaseClockStore } from '../../src/sandbox/clock';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('sandbox clock', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('POST /api/dev/clock moves the date forward; GET shows it', async () => {
    const before = await testApp.app.inject({ method: 'GET', url: '/api/dev/clock' });
    expect(before.statusCode).toBe(200);
    const moved = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { days: 10 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.offset_days).toBe(before.json().data.offset_days + 10);
    const back = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { days: -1 },
    });
    expect(back.statusCode).toBe(400);
  });

  it('POST /api/dev/clock moves by minutes too, but never by nothing', async () => {
    const before = await testApp.app.inject({ method: 'GET', url: '/api/dev/clock' });
    const moved = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { days: 0, minutes: 90 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const shift = Date.parse(moved.json().data.now) - Date.parse(before.json().data.now);
    expect(shift).toBeGreaterThanOrEqual(90 * 60_000);
    expect(shift).toBeLessThan(91 * 60_000);
    const nothing = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { days: 0 },
    });
    expect(nothing.statusCode).toBe(400);
    expect(JSON.stringify(nothing.json())).toContain('Время можно только переводить вперёд');
  });

  it('a shared clock keeps its offset in the database: another instance reads it', async () => {
    const store = databaseClockStore(testApp.ctx.db);
    const first = new SharedClock(store);
    const second = new SharedClock(store);
    await first.refresh();
    await first.advanceBy(3 * 86_400_000);
    await second.refresh();
    expect(second.offset).toBe(first.offset);
    expect(Math.abs(second.now().getTime() - first.now().getTime())).toBeLessThan(1000);
  });
});
