import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { cardSchema, type Card, type PaymentSystem } from '@zaymo/contract';
import type { AppContext } from '../../context';
import { cards, type CardRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { BoundCardData } from '../../integrations/payments';
import { lockClientCards, type CardsDb, type Transaction } from './db';
import { hasOpenLoan } from './open-loans';
import { sealCardToken } from '../payments/token-vault';
import { completeCardStep } from '../identity/steps';

/** A card as the API shows it. The schema check makes sure no full number ever goes out. */
export function presentCard(row: CardRow): Card {
  return cardSchema.parse({
    id: row.id,
    pan_masked: row.panMasked,
    expiry: row.expiry,
    holder: row.holder,
    payment_system: row.paymentSystem,
    is_active: row.isActive,
    is_autopay: row.isAutopay,
    created_at: row.createdAt.toISOString(),
  });
}

function liveCardsOf(clientId: number) {
  return and(eq(cards.clientId, clientId), isNull(cards.deletedAt));
}

/** The client's cards, newest first (deleted ones are gone from the list). */
export async function listCards(db: CardsDb, clientId: number): Promise<Card[]> {
  const rows = await db
    .select()
    .from(cards)
    .where(liveCardsOf(clientId))
    .orderBy(desc(cards.createdAt), desc(cards.id));
  return rows.map(presentCard);
}

export type CardAccessDenied = (cardId: number) => void;

/** The client's own live card; another client's card reads as not found (and is reported). */
async function ownCard(
  tx: Transaction,
  clientId: number,
  cardId: number,
  onForeign: CardAccessDenied,
): Promise<CardRow> {
  const [row] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), isNull(cards.deletedAt)));
  if (row && row.clientId === clientId) return row;
  if (row) onForeign(cardId);
  throw new AppError('CARD_NOT_FOUND');
}

/** Runs a change of one card under the client's card lock; answers the cards as they are now. */
async function changeCard(
  ctx: AppContext,
  clientId: number,
  cardId: number,
  onForeign: CardAccessDenied,
  change: (tx: Transaction, card: CardRow) => Promise<void>,
): Promise<Card[]> {
  return ctx.db.transaction(async (tx) => {
    await lockClientCards(tx, clientId);
    await change(tx, await ownCard(tx, clientId, cardId, onForeign));
    return listCards(tx, clientId);
  });
}

/** Money is paid out to (and charged from) the active card; exactly one is active. */
export function activateCard(
  ctx: AppContext,
  clientId: number,
  cardId: number,
  onForeign: CardAccessDenied,
): Promise<Card[]> {
  return changeCard(ctx, clientId, cardId, onForeign, async (tx, card) => {
    if (card.isActive) return;
    await tx
      .update(cards)
      .set({ isActive: false })
      .where(and(liveCardsOf(clientId), eq(cards.isActive, true)));
    await tx.update(cards).set({ isActive: true }).where(eq(cards.id, card.id));
  });
}

export function setAutopay(
  ctx: AppContext,
  clientId: number,
  cardId: number,
  enabled: boolean,
  onForeign: CardAccessDenied,
): Promise<Card[]> {
  return changeCard(ctx, clientId, cardId, onForeign, async (tx, card) => {
    if (card.isAutopay === enabled) return;
    await tx
      .update(cards)
      .set({ isAutopay: enabled, autopayChangedAt: ctx.clock.now() })
      .where(eq(cards.id, card.id));
  });
}

/**
 * Soft delete. The only card of a client with an open loan stays. When the active card goes,
 * the newest remaining card becomes active, so payouts always have a card while any is left.
 */
export function deleteCard(
  ctx: AppContext,
  clientId: number,
  cardId: number,
  onForeign: CardAccessDenied,
): Promise<Card[]> {
  return changeCard(ctx, clientId, cardId, onForeign, async (tx, card) => {
    const others = await tx
      .select()
      .from(cards)
      .where(and(liveCardsOf(clientId), ne(cards.id, card.id)))
      .orderBy(desc(cards.createdAt), desc(cards.id));
    if (others.length === 0 && (await hasOpenLoan(tx, clientId))) {
      throw new AppError('LAST_CARD_OF_LOAN');
    }
    await tx
      .update(cards)
      .set({ deletedAt: ctx.clock.now(), isActive: false, isAutopay: false })
      .where(eq(cards.id, card.id));
    const [newest] = others;
    if (card.isActive && newest) {
      await tx.update(cards).set({ isActive: true }).where(eq(cards.id, newest.id));
    }
  });
}

/**
 * Stores a card the gateway bound (inside the caller's transaction, under the client's card
 * lock). Binding the same card again (same masked number and expiry) refreshes its token instead
 * of listing it twice. The client's first card becomes active.
 */
export async function storeBoundCard(
  tx: Transaction,
  ctx: AppContext,
  clientId: number,
  card: BoundCardData & { expiry: string },
): Promise<CardRow> {
  await lockClientCards(tx, clientId);
  const live = await tx.select().from(cards).where(liveCardsOf(clientId));
  const tokenSealed = sealCardToken(card.token, ctx.config.appSecret);
  const same = live.find((row) => row.panMasked === card.panMasked && row.expiry === card.expiry);
  if (same) {
    const [updated] = await tx
      .update(cards)
      .set({ tokenSealed, holder: card.holder ?? same.holder })
      .where(eq(cards.id, same.id))
      .returning();
    await completeCardStep(tx, clientId);
    return updated ?? same;
  }
  const [inserted] = await tx
    .insert(cards)
    .values({
      clientId,
      tokenSealed,
      panMasked: card.panMasked,
      expiry: card.expiry,
      holder: card.holder,
      paymentSystem: card.paymentSystem satisfies PaymentSystem,
      isActive: !live.some((row) => row.isActive),
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!inserted) throw new Error('card not stored');
  await completeCardStep(tx, clientId);
  return inserted;
}

export async function cardById(db: CardsDb, cardId: number): Promise<CardRow | undefined> {
  const [row] = await db.select().from(cards).where(eq(cards.id, cardId));
  return row;
}
