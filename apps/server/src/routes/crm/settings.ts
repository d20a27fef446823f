import {
  crmBureauWaitResponseSchema,
  crmBureauWaitSchema,
  crmInsuranceEditSchema,
  crmInsuranceResponseSchema,
  crmMoratoriumEditSchema,
  crmMoratoriumResponseSchema,
  crmPartnerEditSchema,
  crmPartnerResponseSchema,
  crmSettingsHistoryQuerySchema,
  crmSettingsHistoryResponseSchema,
  crmSettingsIdParamsSchema,
  crmSettingsResponseSchema,
  crmShowcaseRuleEditSchema,
  crmShowcaseRuleParamsSchema,
  crmShowcaseRuleResponseSchema,
  crmTariffEditSchema,
  crmTariffResponseSchema,
  errorResponses,
  type CrmSettingsEntity,
} from '@zaymo/contract';
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

/** The console's calls: their own tag in the OpenAPI document. */
const CRM_TAGS = ['crm'];
const ADMIN = { auth: 'staff', role: 'admin' } as const;
const EDIT_ERRORS = errorResponses(400, 401, 403, 404);

/** Tariffs and settings (admin): each edit is a version and an audit entry. */
export const crmSettingsRoutes: RoutePlugin = async (app, { ctx }) => {
  const editor = (request: FastifyRequest) => ({ id: currentStaff(request).staff.id });
  const audit = (request: FastifyRequest, entity: CrmSettingsEntity, id: string) =>
    auditStaffAction(ctx, request, {
      action: 'settings_changed',
      details: { entity, entity_id: id },
    });

  app.get(
    '/crm/settings',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: тарифы, страховки, партнёры витрины отказа, мораторий',
        tags: CRM_TAGS,
        response: { 200: crmSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await readSettings(ctx) }),
  );

  app.get(
    '/crm/settings/history',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: история изменений одного тарифа или настройки (новые сверху)',
        tags: CRM_TAGS,
        querystring: crmSettingsHistoryQuerySchema,
        response: { 200: crmSettingsHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: { changes: await settingsHistory(ctx, request.query.entity, request.query.id) },
    }),
  );

  app.post(
    '/crm/settings/tariffs/:id',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: изменить тариф',
        description:
          'Ставка — не больше 0,8 % в день (353-ФЗ, ст. 6 ч. 23). Заявки и займы, уже ' +
          'оформленные, сохраняют свою ставку; калькулятор показывает новый тариф через ' +
          'PUBLIC_DATA_CHECK_MS.',
        tags: CRM_TAGS,
        params: crmSettingsIdParamsSchema,
        body: crmTariffEditSchema,
        response: { 200: crmTariffResponseSchema, ...EDIT_ERRORS },
      },
    },
    async (request) => {
      const tariff = await editTariff(ctx, editor(request), request.params.id, request.body);
      await audit(request, 'tariff', String(tariff.id));
      return { data: { tariff } };
    },
  );

  app.post(
    '/crm/settings/insurances/:id',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: изменить страховку',
        tags: CRM_TAGS,
        params: crmSettingsIdParamsSchema,
        body: crmInsuranceEditSchema,
        response: { 200: crmInsuranceResponseSchema, ...EDIT_ERRORS },
      },
    },
    async (request) => {
      const insurance = await editInsurance(ctx, editor(request), request.params.id, request.body);
      await audit(request, 'insurance', String(insurance.id));
      return { data: { insurance } };
    },
  );

  app.post(
    '/crm/settings/partners/:id',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: изменить партнёра витрины отказа',
        description: 'Ссылка — только https://.',
        tags: CRM_TAGS,
        params: crmSettingsIdParamsSchema,
        body: crmPartnerEditSchema,
        response: { 200: crmPartnerResponseSchema, ...EDIT_ERRORS },
      },
    },
    async (request) => {
      const partner = await editPartner(ctx, editor(request), request.params.id, request.body);
      await audit(request, 'partner', String(partner.id));
      return { data: { partner } };
    },
  );

  app.post(
    '/crm/settings/showcase-rules/:page',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: правило витрины отказа (страница отказа или другие страницы)',
        tags: CRM_TAGS,
        params: crmShowcaseRuleParamsSchema,
        body: crmShowcaseRuleEditSchema,
        response: { 200: crmShowcaseRuleResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page } = request.params;
      const rule = await editShowcaseRule(ctx, editor(request), page, request.body);
      await audit(request, 'showcase_rule', page);
      return { data: { rule } };
    },
  );

  app.post(
    '/crm/settings/moratorium',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: мораторий после отказа, дней',
        description: 'Действует для отказов после изменения; уже назначенные не меняются.',
        tags: CRM_TAGS,
        body: crmMoratoriumEditSchema,
        response: { 200: crmMoratoriumResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const days = await editMoratorium(ctx, editor(request), request.body);
      await audit(request, 'moratorium', 'days');
      return { data: { days } };
    },
  );

  app.post(
    '/crm/settings/bureau-wait',
    {
      config: ADMIN,
      schema: {
        summary: 'Консоль: что делать с заявкой, если бюро кредитных историй не отвечает',
        description:
          'Заём без ответа бюро не выдаётся: заявка ждёт, скоринг повторяет запрос. Через ' +
          'minutes минут заявка отклоняется (refuse) или уходит на ручную проверку (review).',
        tags: CRM_TAGS,
        body: crmBureauWaitSchema,
        response: { 200: crmBureauWaitResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const wait = await editBureauWait(ctx, editor(request), request.body);
      await audit(request, 'bureau_wait', 'wait');
      return { data: { bureau_wait: wait } };
    },
  );
};
