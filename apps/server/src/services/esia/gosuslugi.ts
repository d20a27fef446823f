import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { sandboxBiometrics, type BiometricVerifier } from '../../integrations/ebs/biometrics';
import { EsiaClient } from '../../integrations/esia/client';
import { httpSigner } from '../../integrations/esia/signer';
import { inProcessFetch } from '../../integrations/in-process-fetch';

/** Госуслуги and the biometric provider, built once (composition.ts); null when not connected. */
export interface Gosuslugi {
  readonly esia: EsiaClient | null;
  readonly biometrics: BiometricVerifier | null;
}

export function createGosuslugi(config: AppConfig, app: FastifyInstance, clock: Clock): Gosuslugi {
  const settings = config.esia;
  if (!settings) return { esia: null, biometrics: null };
  // The sandbox is this very process: reached in-process, whatever PUBLIC_URL or proxy is in front.
  const fetchImpl = settings.inProcess ? inProcessFetch(app) : fetch;
  const esia = new EsiaClient(settings, {
    signer: httpSigner(settings.signer, fetchImpl),
    fetch: fetchImpl,
    clock,
  });
  const biometrics = biometricsConnected(config)
    ? sandboxBiometrics({
        url: settings.url,
        clientId: settings.clientId,
        verdictKey: settings.tokenKey,
        fetch: fetchImpl,
        clock,
      })
    : null;
  return { esia, biometrics };
}

/**
 * A biometric provider is connected: today only the sandbox's, beside the sandbox ЕСИА. A real
 * provider (ЕБС directly, or a bank identifying on our behalf) is another BiometricVerifier.
 */
export function biometricsConnected(config: AppConfig): boolean {
  return config.identification.biometricSandbox && config.esia?.inProcess === true;
}
