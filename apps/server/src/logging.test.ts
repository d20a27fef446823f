import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl, requestLogger, securityEvent, serializeError } from './logging';

function captureLogger() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return {
    logger,
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('redactUrl', () => {
  it.each([
    ['/?from_crm=true&token=abc123', '/?from_crm=true&token=[REDACTED]'],
    ['/pay/payment/7?card_id=1&asp_code=123456', '/pay/payment/7?card_id=1&asp_code=[REDACTED]'],
    [
      '/x?Token=a&PASSWORD=b&pan=4111&utm=sms',
      '/x?Token=[REDACTED]&PASSWORD=[REDACTED]&pan=[REDACTED]&utm=sms',
    ],
    ['/x?%74oken=abc', '/x?%74oken=[REDACTED]'],
    ['/loan', '/loan'],
    ['/x?flag&code=1', '/x?flag&code=[REDACTED]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('the logger', () => {
  it('drops secrets from logged objects', () => {
    const { logger, lines } = captureLogger();
    logger.info(
      { token: 't0k', body: { password: 'p4ss', smsCode: '482915', phone: '+79001234567' } },
      'x',
    );
    logger.info({ headers: { authorization: 'Bearer t0k2', cookie: 'a=b' } }, 'y');
    const text = lines.join('');
    for (const secret of ['t0k', 'p4ss', '482915', 'Bearer', 'a=b'])
      expect(text).not.toContain(secret);
    expect(text).toContain('+79001234567');
  });

  it('serializes requests without headers and with redacted URLs', () => {
    const { logger, entries } = captureLogger();
    logger.info({
      req: {
        method: 'GET',
        url: '/?token=abc',
        ip: '10.0.0.1',
        headers: { authorization: 'Bearer abc' },
      },
    });
    expect(entries()[0]?.req).toEqual({
      method: 'GET',
      url: '/?token=[REDACTED]',
      remoteAddress: '10.0.0.1',
    });
  });

  it('writes a security event as one structured line', () => {
    const { logger, entries } = captureLogger();
    securityEvent(logger, 'login_failed', { phone: '+79001234567', reason: 'wrong_password' });
    expect(entries()[0]).toMatchObject({
      level: 40,
      security: 'login_failed',
      reason: 'wrong_password',
    });
  });
});

describe('serializeError', () => {
  it('keeps the SQL of a failed query but not its bound values or PostgreSQL detail', () => {
    const cause = Object.assign(new Error('duplicate key'), {
      code: '23505',
      detail: 'Key (phone)=(+79001112233)',
    });
    const error = new DrizzleQueryError(
      'select * from sessions where token_hash = $1',
      ['deadbeef'],
      cause,
    );
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(serialized.message).toBe('Failed query: select * from sessions where token_hash = $1');
    expect(serialized.cause).toMatchObject({ code: '23505', message: 'duplicate key' });
    expect(text).not.toContain('deadbeef');
    expect(text).not.toContain('+79001112233');
    expect(serialized.stack).toMatch(/^ {4}at /);
  });

  it('copes with things that are not errors', () => {
    expect(serializeError('oops')).toEqual({ message: 'oops' });
  });
});

describe('the request logger', () => {
  function counted(logger: ReturnType<typeof createLogger>) {
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof child>) => {
      children++;
      return child(...args);
    }) as typeof logger.child;
    return () => children;
  }

  it("writes the request's bindings on its lines, redacted like any other", () => {
    const { logger, entries } = captureLogger();
    const log = requestLogger(logger, { reqId: 'req-7' }, {});
    log.warn({ token: 't0k', phone: '+79001234567' }, 'внимание');
    securityEvent(log, 'login_failed', { reason: 'password' });
    expect(entries()).toEqual([
      expect.objectContaining({ reqId: 'req-7', token: '[REDACTED]', msg: 'внимание' }),
      expect.objectContaining({ reqId: 'req-7', security: 'login_failed', reason: 'password' }),
    ]);
  });

  it('makes no pino child until a line is written at an enabled level, then one', () => {
    const { logger, lines } = captureLogger();
    const children = counted(logger);
    const log = requestLogger(logger, { reqId: 'req-8' }, {});
    log.debug('не пишется: уровень info');
    log.trace('и это');
    expect(children()).toBe(0);
    expect(log.level).toBe('info');
    log.info('первая');
    log.error('вторая');
    expect(children()).toBe(1);
    expect(lines).toHaveLength(2);
  });

  it("takes a route's own options at once", () => {
    const { logger, entries } = captureLogger();
    const children = counted(logger);
    const log = requestLogger(logger, { reqId: 'req-9' }, { level: 'debug' });
    expect(children()).toBe(1);
    log.debug('видно на уровне маршрута');
    expect(entries()).toEqual([expect.objectContaining({ reqId: 'req-9', level: 20 })]);
  });
});
