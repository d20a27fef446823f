import {
  STAFF_ROLES,
  STAFF_PASSWORD_MIN_LENGTH,
  type CreateStaffRequest,
  type StaffMember,
  type StaffRole,
} from '@zaymo/contract';
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { staff, type StaffRow } from '../../db/schema';
import { AppError } from '../../errors';
import { assertAcceptablePassword, hashPassword } from '../accounts/passwords';
import { revokeAllStaffSessions } from './sessions';

/** Staff accounts: created by `npm run crm:admin` (the first admin) and by admins in the console. */

type StaffContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export function staffMemberOf(row: StaffRow): StaffMember {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    totp_enrolled: row.totpSecretSealed !== null,
    blocked_at: row.blockedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/**
 * A staff password: at least STAFF_PASSWORD_MIN_LENGTH characters, then the clients' rules (not
 * a common password) and the shared strength estimate with the login, name and brand as the
 * owner's own words. 400 with `fields.password`.
 */
export async function assertStaffPassword(
  ctx: Pick<AppContext, 'config'>,
  password: string,
  owner: { login: string; name: string },
): Promise<void> {
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) {
    const rule = { min: STAFF_PASSWORD_MIN_LENGTH };
    throw new AppError('PASSWORD_TOO_SHORT', rule, { field: 'password' });
  }
  await assertAcceptablePassword(password, {
    phone: null,
    names: [owner.login, ...owner.name.split(/\s+/)],
    brand: ctx.config.company.brand,
  });
}

export async function createStaff(
  ctx: StaffContext,
  request: CreateStaffRequest,
  createdBy: number | null,
): Promise<StaffRow> {
  await assertStaffPassword(ctx, request.password, request);
  const passwordHash = await hashPassword(request.password);
  const [row] = await ctx.db
    .insert(staff)
    .values({
      login: request.login,
      name: request.name,
      role: request.role,
      passwordHash,
      createdAt: ctx.clock.now(),
      createdBy,
    })
    .onConflictDoNothing({ target: staff.login })
    .returning();
  if (!row) {
    throw new AppError('STAFF_LOGIN_TAKEN');
  }
  return row;
}

export async function listStaff(ctx: Pick<AppContext, 'db'>): Promise<StaffRow[]> {
  return ctx.db.select().from(staff).orderBy(asc(staff.id));
}

export async function findStaffByLogin(
  ctx: Pick<AppContext, 'db'>,
  login: string,
): Promise<StaffRow | undefined> {
  const [row] = await ctx.db.select().from(staff).where(eq(staff.login, login));
  return row;
}

/** Blocks a staff member: no sign-in, and every open session of theirs ends now. */
export async function blockStaff(
  ctx: StaffContext,
  staffId: number,
  byStaffId: number,
): Promise<StaffRow> {
  if (staffId === byStaffId) {
    throw new AppError('STAFF_SELF_BLOCK');
  }
  const [existing] = await ctx.db.select().from(staff).where(eq(staff.id, staffId));
  if (!existing) throw new AppError('STAFF_NOT_FOUND');
  if (existing.blockedAt !== null) return existing;
  const [row] = await ctx.db
    .update(staff)
    .set({ blockedAt: ctx.clock.now() })
    .where(eq(staff.id, staffId))
    .returning();
  await revokeAllStaffSessions(ctx, staffId);
  return row ?? existing;
}

/** A generated password for `npm run crm:admin`: 24 characters of base64url (144 bits). */
export function generateStaffPassword(): string {
  return randomBytes(18).toString('base64url');
}

export function isRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
