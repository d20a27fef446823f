import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { reportForeignCard } from '../http/foreign-access';
import { activateCard, deleteCard, listCards, setAutopay } from '../services/cards';
import { route } from '../http/route';

export const cardsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /clients/cards', async (request) => ({
    data: await listCards(ctx.db, currentSession(request).clientId),
  }));

  route(app, 'POST /clients/activate_card/:cardId', async (request) => {
    const { clientId } = currentSession(request);
    const onForeign = reportForeignCard(request);
    return { data: await activateCard(ctx, clientId, request.params.cardId, onForeign) };
  });

  route(app, 'POST /clients/autopay_card/:cardId', async (request) => {
    const session = currentSession(request);
    const { cardId } = request.params;
    const onForeign = reportForeignCard(request);
    const cards = await setAutopay(ctx, session.clientId, cardId, request.body.enabled, onForeign);
    return { data: cards };
  });

  route(app, 'DELETE /clients/cards/:cardId', async (request) => {
    const { clientId } = currentSession(request);
    const onForeign = reportForeignCard(request);
    return { data: await deleteCard(ctx, clientId, request.params.cardId, onForeign) };
  });
};
