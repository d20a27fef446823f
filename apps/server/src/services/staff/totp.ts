import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { SharedClock, type Clock } from '../../clock';
import type { AppContext } from '../../context';
import { openText, sealText, type SealPurpose } from '../payments/token-vault';

/*
 * The staff's second factor: TOTP (RFC 6238, 6 digits, 30 s, SHA-1 — what every
 * authenticator app reads from the QR code). A code one step old or ahead is accepted (phone
 * clocks drift); a time step once used is never accepted again (replay).
 */

export const TOTP_PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const TOTP_SECRET: SealPurpose = { salt: 'zaymo-staff', info: 'zaymo staff totp secret v1' };

export function newTotpSecret(): string {
  return generateSecret();
}

export function sealTotpSecret(ctx: Pick<AppContext, 'config'>, secret: string): string {
  return sealText(secret, ctx.config.appSecret, TOTP_SECRET);
}

export function openTotpSecret(ctx: Pick<AppContext, 'config'>, sealed: string): string {
  return openText(sealed, ctx.config.appSecret, TOTP_SECRET);
}

/**
 * The seconds an authenticator app lives in: the server's clock, except that the sandbox's time
 * travel (POST /api/dev/clock) does not move the phones in people's hands.
 */
export function totpEpoch(clock: Clock): number {
  const now = clock.now().getTime();
  const real = clock instanceof SharedClock ? now - clock.offset : now;
  return Math.floor(real / 1000);
}

/** The time step a right code belongs to, or null (wrong, or a step at or before `lastStep`). */
export async function verifyTotp(
  secret: string,
  code: string,
  epoch: number,
  lastStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code an app shows at `epoch` (tests, the sandbox's demo tools). */
export function totpCode(secret: string, epoch: number): Promise<string> {
  return generate({ secret, epoch });
}

export interface TotpEnrollment {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export async function totpEnrollment(
  secret: string,
  issuer: string,
  login: string,
): Promise<TotpEnrollment> {
  const otpauthUrl = generateURI({ issuer, label: login, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}
