import { moscowDate, type EsiaProfile, type EsiaStepStatus } from '@zaymo/contract';
import type { AppContext } from '../../context';
import type { ClientIdentityRow, ClientRow } from '../../db/schema';
import { biometricRequired } from '../loans/identification-rule';
import { enteredStepsOf, esiaStepsOf, stepStatus } from './comparison';
import { biometricsConnected } from './gosuslugi';
import { findEsiaLink } from './level';

const NONE: EsiaStepStatus = { state: 'none', differences: [] };

/** The `esia` part of GET /clients/profile. */
export async function esiaProfileOf(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  client: ClientRow,
  identity: ClientIdentityRow | null,
): Promise<EsiaProfile> {
  const link = await findEsiaLink(ctx.db, client.id);
  const entered = enteredStepsOf(identity);
  const esia = link ? esiaStepsOf(link.person) : null;
  const status = (step: 'personal' | 'passport' | 'addresses') =>
    esia ? stepStatus(entered[step], esia[step]) : NONE;
  return {
    available: ctx.config.esia !== null,
    linked: link !== null,
    identification_level: client.identificationLevel,
    biometrics_available: biometricsConnected(ctx.config),
    biometric_required: biometricRequired(ctx.config, moscowDate(ctx.clock.now())),
    biometric_required_from: ctx.config.identification.biometricRequiredFrom,
    steps: {
      personal: status('personal'),
      passport: status('passport'),
      addresses: status('addresses'),
    },
  };
}
