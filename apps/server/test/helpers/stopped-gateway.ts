import type { PaymentsGateway } from '../../src/integrations/payments';

type StoppableCall = 'chargeByToken' | 'payout';

/** A gateway that does the real work of `method` and then never answers: the server stopped there. */
export function stopsAfter(gateway: PaymentsGateway, method: StoppableCall): PaymentsGateway {
  const stopped = Object.create(gateway) as PaymentsGateway;
  stopped[method] = async (input: never) => {
    await (gateway[method] as (value: never) => Promise<unknown>).call(gateway, input);
    return new Promise<never>(() => undefined);
  };
  return stopped;
}

/** A gateway the server never reached for `method`: it stopped before registering the order. */
export function stopsBefore(gateway: PaymentsGateway, method: StoppableCall): PaymentsGateway {
  const stopped = Object.create(gateway) as PaymentsGateway;
  stopped[method] = () => new Promise<never>(() => undefined);
  return stopped;
}
