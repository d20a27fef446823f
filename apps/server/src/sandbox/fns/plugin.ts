import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { RouteOptions } from '../../http/route-plugin';
import { RUSSIAN_PASSPORT_DOCTYPE } from '../../integrations/fns/inn-lookup';
import { sandboxFnsReply } from './rules';

/*
 * The ФНС-compatible sandbox of «Узнать ИНН», mounted at /sandbox/fns in sandbox mode: the form
 * posted to inn-proc.do is checked as the ФНС checks it (a surname, a birth date, the passport's
 * doctype, number and date) and answered {"code":1,"inn":…} or {"code":0} by rules.ts.
 */

export const SANDBOX_FNS_PREFIX = '/sandbox/fns';

const formDate = z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/);

const formSchema = z.object({
  c: z.literal('innMy'),
  fam: z.string().min(1),
  nam: z.string().min(1),
  bdate: formDate,
  doctype: z.literal(RUSSIAN_PASSPORT_DOCTYPE),
  docno: z.string().regex(/^\d{2} \d{2} \d{6}$/),
  docdt: formDate,
});

const FORM_BODY_LIMIT = 16 * 1024;

export const fnsSandbox: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.post('/inn-proc.do', { schema: { hide: true } }, async (request, reply) => {
    const form = formSchema.safeParse(request.body);
    if (!form.success) {
      const fields = form.error.issues.map((issue) => issue.path.join('.'));
      return reply
        .code(400)
        .send({ ERRORS: Object.fromEntries(fields.map((f) => [f, ['Поле заполнено неверно']])) });
    }
    const answer = sandboxFnsReply(form.data.docno);
    switch (answer.kind) {
      case 'found':
        return { code: 1, inn: answer.inn };
      case 'not_found':
        return { code: 0 };
      case 'failure':
        return reply.code(500).send({ ERRORS: { '': ['Сервис временно недоступен'] } });
    }
  });
};
