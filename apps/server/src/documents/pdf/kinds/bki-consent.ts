import { documentKindInfo } from '@zaymo/contract';
import { fields, heading, paragraph, type DocumentContent } from '../content';
import { clientFields, clientReference, companyReference } from '../parties';
import type { CommonDocumentData } from '../types';
import { LAW_218 } from './common';

export function bkiConsent({ company, client }: CommonDocumentData): DocumentContent {
  return {
    title: documentKindInfo('bki_consent').title,
    blocks: [
      paragraph(
        `Я, ${clientReference(client)}, в соответствии со статьей 6 ${LAW_218} даю ` +
          `${companyReference(company)} (далее — Пользователь кредитной истории) согласие на ` +
          'получение из любого бюро кредитных историй кредитного отчета, содержащего основную ' +
          'часть моей кредитной истории, сведений о среднемесячных платежах и показателе ' +
          'долговой нагрузки, а также сведений о запрете на заключение договоров потребительского ' +
          'кредита (займа).',
      ),
      paragraph(
        'Цель запроса: рассмотрение моего заявления о предоставлении микрозайма, заключение и ' +
          'исполнение договора потребительского микрозайма, расчет показателя долговой нагрузки.',
      ),
      paragraph(
        'Согласие действует в течение шести месяцев со дня его подписания. Если в течение ' +
          'этого срока со мной заключен договор займа, согласие сохраняет силу в течение всего ' +
          'срока действия договора. Кредитные отчеты запрашиваются в указанные периоды без ' +
          'дополнительного согласия.',
      ),
      heading('Субъект кредитной истории'),
      fields(clientFields(client)),
    ],
  };
}
