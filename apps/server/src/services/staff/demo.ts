import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { staff } from '../../db/schema';
import { hashPassword } from '../accounts/passwords';
import { sealTotpSecret } from './totp';

/**
 * The sandbox's demo admin: seeded at start-up so `npm start` shows the console at
 * once. Public knowledge, like DEV_APP_SECRET — the password and the TOTP secret are fixed so
 * /dev/test and the browser tests can sign in (GET /api/dev/crm-demo). Production seeds nothing.
 */
export const DEMO_ADMIN = {
  login: 'demo-admin',
  name: 'Демо-администратор',
  password: 'Песочница-демо-админ-2026',
  /** Base32; an authenticator app takes it by hand or from the QR code of the first sign-in. */
  totpSecret: 'KZXW6YTFOJ2GS3TMN5VW4ZLDN5XWIZLT',
} as const;

let demoHash: Promise<string> | null = null;

/** Adds the demo admin unless there is one (an edited or blocked demo admin stays as it is). */
export async function seedDemoAdmin(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  log: FastifyBaseLogger,
): Promise<void> {
  demoHash ??= hashPassword(DEMO_ADMIN.password);
  const inserted = await ctx.db
    .insert(staff)
    .values({
      login: DEMO_ADMIN.login,
      name: DEMO_ADMIN.name,
      role: 'admin',
      passwordHash: await demoHash,
      totpSecretSealed: sealTotpSecret(ctx, DEMO_ADMIN.totpSecret),
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: staff.login })
    .returning({ id: staff.id });
  log.info(
    {
      login: DEMO_ADMIN.login,
      password: DEMO_ADMIN.password,
      totpSecret: DEMO_ADMIN.totpSecret,
      created: inserted.length > 0,
    },
    `sandbox: demo admin of the operator console /crm — login ${DEMO_ADMIN.login}, ` +
      `password ${DEMO_ADMIN.password}, TOTP secret ${DEMO_ADMIN.totpSecret}`,
  );
}
