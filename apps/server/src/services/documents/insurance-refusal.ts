import { kopecks, moscowDate } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { renderDocument } from '../../documents/pdf';
import { cards, insuranceRefusals, orderInsurances, paymentOperations } from '../../db/schema';
import { AppError } from '../../errors';
import { ownOrder, type OrderAccessDenied } from '../loans/db';
import { refundDueBy } from '../loans/insurance';
import { editionOf } from './catalogue';
import { clientDetails } from './data';
import { loadDocumentsSource } from './render';

/*
 * «Заявление об отказе от дополнительной услуги страхования» (insurance_refusal): the refusal the
 * client filed (353-ФЗ ст. 7 ч. 2.7), rendered from its stored record, so every download gives
 * the same bytes. It exists once the refusal does.
 */

type DocumentsContext = Pick<AppContext, 'db' | 'config'>;

async function refusalRecord(ctx: DocumentsContext, orderId: number) {
  const [row] = await ctx.db
    .select({ refusal: insuranceRefusals, panMasked: cards.panMasked })
    .from(insuranceRefusals)
    .innerJoin(paymentOperations, eq(paymentOperations.id, insuranceRefusals.paymentOperationId))
    .leftJoin(cards, eq(cards.id, paymentOperations.cardId))
    .where(eq(insuranceRefusals.orderId, orderId));
  if (!row) throw new AppError('INSURANCE_REFUSAL_NOT_FILED');
  return row;
}

/** GET /documents/file/insurance_refusal?order_id= — another's order 404, none filed 404. */
export async function insuranceRefusalPdf(
  ctx: DocumentsContext,
  input: { clientId: number; orderId: number; onForeign: OrderAccessDenied },
): Promise<Buffer> {
  const order = await ownOrder(ctx.db, input.clientId, input.orderId, input.onForeign);
  const { refusal, panMasked } = await refusalRecord(ctx, order.id);
  const names = await ctx.db
    .select({ name: orderInsurances.name })
    .from(orderInsurances)
    .where(eq(orderInsurances.orderId, order.id));
  const source = await loadDocumentsSource(ctx.db, order);
  return renderDocument('insurance_refusal', {
    company: ctx.config.company,
    client: clientDetails(order.clientSnapshot),
    version: editionOf('insurance_refusal').version,
    date: refusal.appliedOn,
    refusal: {
      contractNumber: order.contractNumber ?? String(order.id),
      contractDate: moscowDate(source.signature?.signedAt ?? order.givenAt ?? order.createdAt),
      insurances: names.map((row) => row.name),
      premium: kopecks(refusal.amount),
      appliedAt: refusal.appliedAt.toISOString(),
      ip: refusal.ip,
      refundDueBy: refundDueBy(ctx.config.loans.addOnRefusal, refusal.appliedOn),
      cardMasked: panMasked,
    },
  });
}
