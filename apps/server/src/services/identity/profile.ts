import type { ClientProfile } from '@zaymo/contract';
import type { AppContext } from '../../context';
import { esiaProfileOf } from '../esia/profile';
import { latestClientFiles, presentClientFile } from '../files/files';
import { hasAnyOrder } from './orders-lock';
import { findIdentity, loadClient } from './store';

type DbContext = Pick<AppContext, 'db'>;

/** GET /clients/step: the step the client is on; null when none is recorded. */
export async function getClientStep(ctx: DbContext, clientId: number): Promise<number | null> {
  return (await loadClient(ctx.db, clientId)).step;
}

/** GET /clients/profile: everything entered, for the person page and for resuming the steps. */
export async function getClientProfile(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  clientId: number,
): Promise<ClientProfile> {
  const client = await loadClient(ctx.db, clientId);
  const identity = await findIdentity(ctx.db, clientId);
  const photos = await latestClientFiles(ctx.db, clientId);
  return {
    personal: identity?.personal ?? null,
    passport: identity?.passport ?? null,
    addresses: identity?.addresses ?? null,
    work: identity?.work ?? null,
    photos: photos.map(presentClientFile),
    step: client.step,
    passport_locked: await hasAnyOrder(ctx.db, clientId),
    esia: await esiaProfileOf(ctx, client, identity),
  };
}
