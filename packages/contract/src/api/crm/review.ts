import { z } from 'zod';
import { moneyStringSchema, safeText } from '../common';

/**
 * The manual-review queue (risk and admin): scoring's third outcome. An order the
 * scoring sent to a specialist stays ACCEPTED (spec §3 has no other status for «being checked»)
 * until a risk staff member approves or refuses it with a reason; the decision goes through the
 * same code as the automatic one (the offer, or the refusal with its moratorium), is written to
 * the audit log and reaches the client by SMS and in the cabinet.
 */

export const REVIEW_DECISIONS = ['approve', 'refuse'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_REASON_MIN = 3;
export const REVIEW_REASON_MAX = 500;

export const crmReviewRuleSchema = z.object({
  rule: z.string(),
  passed: z.boolean(),
  detail: z.string(),
});

export const crmReviewItemSchema = z.object({
  order_id: z.number().int(),
  client_id: z.number().int(),
  /** «Проверкина Анна Сергеевна», as the order recorded it. */
  client_name: z.string(),
  /** «+7 (912) ***-**-89». */
  phone_masked: z.string(),
  amount: moneyStringSchema,
  /** Days. */
  period: z.number().int(),
  return_sum: moneyStringSchema,
  /** Why a person decides: the sandbox identity («surname:Проверкина») or the rule. */
  sent_by: z.string(),
  /** Every rule's outcome when the order was sent to the queue. */
  rules: z.array(crmReviewRuleSchema),
  /** ISO time the order joined the queue. */
  waiting_since: z.string(),
  /** How long it has waited by the server's clock. */
  waited_seconds: z.number().int().nonnegative(),
});
export type CrmReviewItem = z.infer<typeof crmReviewItemSchema>;

/** GET /crm/review — the orders waiting for a decision, oldest first. */
export const crmReviewQueueResponseSchema = z.object({
  data: z.object({ orders: z.array(crmReviewItemSchema) }),
});
export type CrmReviewQueueResponse = z.infer<typeof crmReviewQueueResponseSchema>;

export const crmReviewOrderParamsSchema = z.object({
  orderId: z.coerce.number().int().positive(),
});

/** POST /crm/review/:orderId/decision — the reason is kept with the decision and in the log. */
export const crmReviewDecisionRequestSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: 'Выберите решение: одобрить или отказать' }),
  reason: safeText({ error: 'Укажите причину решения' })
    .trim()
    .min(REVIEW_REASON_MIN, `Причина — не короче ${REVIEW_REASON_MIN} символов`)
    .max(REVIEW_REASON_MAX, `Причина — не длиннее ${REVIEW_REASON_MAX} символов`),
});
export type CrmReviewDecisionRequest = z.input<typeof crmReviewDecisionRequestSchema>;

export const crmReviewDecisionResponseSchema = z.object({
  data: z.object({
    order_id: z.number().int(),
    /** APPROVED or REFUSED. */
    status: z.enum(['APPROVED', 'REFUSED']),
    status_id: z.number().int(),
  }),
});
export type CrmReviewDecisionResponse = z.infer<typeof crmReviewDecisionResponseSchema>;
