import { type CrmSettingsEntity } from '@zaymo/contract';
import type { FastifyRequest } from 'fastify';
import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { auditStaffAction } from '../../http/staff-audit';
import {
  editBureauWait,
  editInsurance,
  editMoratorium,
  editPartner,
  editShowcaseRule,
  editTariff,
  readSettings,
  settingsHistory,
} from '../../services/crm/settings';
import { route } from '../../http/route';

/** Tariffs and settings (admin): each edit is a version and an audit entry. */
export const crmSettingsRoutes: RoutePlugin = async (app, { ctx }) => {
  const editor = (request: FastifyRequest) => ({ id: currentStaff(request).staff.id });
  const audit = (request: FastifyRequest, entity: CrmSettingsEntity, id: string) =>
    auditStaffAction(ctx, request, {
      action: 'settings_changed',
      details: { entity, entity_id: id },
    });

  route(app, 'GET /crm/settings', async () => ({ data: await readSettings(ctx) }));

  route(app, 'GET /crm/settings/history', async (request) => ({
    data: { changes: await settingsHistory(ctx, request.query.entity, request.query.id) },
  }));

  route(app, 'POST /crm/settings/tariffs/:id', async (request) => {
    const tariff = await editTariff(ctx, editor(request), request.params.id, request.body);
    await audit(request, 'tariff', String(tariff.id));
    return { data: { tariff } };
  });

  route(app, 'POST /crm/settings/insurances/:id', async (request) => {
    const insurance = await editInsurance(ctx, editor(request), request.params.id, request.body);
    await audit(request, 'insurance', String(insurance.id));
    return { data: { insurance } };
  });

  route(app, 'POST /crm/settings/partners/:id', async (request) => {
    const partner = await editPartner(ctx, editor(request), request.params.id, request.body);
    await audit(request, 'partner', String(partner.id));
    return { data: { partner } };
  });

  route(app, 'POST /crm/settings/showcase-rules/:page', async (request) => {
    const { page } = request.params;
    const rule = await editShowcaseRule(ctx, editor(request), page, request.body);
    await audit(request, 'showcase_rule', page);
    return { data: { rule } };
  });

  route(app, 'POST /crm/settings/moratorium', async (request) => {
    const days = await editMoratorium(ctx, editor(request), request.body);
    await audit(request, 'moratorium', 'days');
    return { data: { days } };
  });

  route(app, 'POST /crm/settings/bureau-wait', async (request) => {
    const wait = await editBureauWait(ctx, editor(request), request.body);
    await audit(request, 'bureau_wait', 'wait');
    return { data: { bureau_wait: wait } };
  });
};
