import { documentKindInfo } from '@zaymo/contract';
import { fields, heading, paragraph, section, type DocumentContent } from '../content';
import { formatDays, money } from '../format';
import { clientFields, companyReference } from '../parties';
import type { LoanApplicationData } from '../types';
import { rateText } from './common';

function requestFields({ request, insurance }: LoanApplicationData) {
  return fields([
    ['Сумма микрозайма', money(request.principal)],
    ['Срок микрозайма', formatDays(request.days)],
    ['Процентная ставка', rateText(request.dailyRatePercent)],
    ['Способ получения', 'Перечисление на банковскую карту, привязанную в личном кабинете'],
    [
      'Дополнительные услуги',
      insurance ? `Страхование «${insurance.name}», ${money(insurance.price)}` : 'Не выбраны',
    ],
  ]);
}

export function loanApplication(data: LoanApplicationData): DocumentContent {
  const { company, client, request } = data;
  return {
    title: documentKindInfo('loan_application').title,
    subtitle: request.orderNumber ? [`Заявка № ${request.orderNumber}`] : undefined,
    blocks: [
      paragraph(`Прошу ${companyReference(company)} предоставить мне микрозаем на условиях:`),
      requestFields(data),
      heading('Сведения о заявителе'),
      fields(clientFields(client)),
      ...section('Заверения и уведомления', [
        '1. Сведения в настоящем заявлении достоверны. Я действую в собственных интересах, ' +
          'выгодоприобретателей и бенефициарных владельцев — иных лиц — не имею, не являюсь ' +
          'публичным должностным лицом, его супругом или близким родственником.',
        '2. Я уведомлен(а), что подача заявления не обязывает Кредитора предоставить заем, а ' +
          'решение принимается по результатам рассмотрения заявления.',
        '3. Я уведомлен(а), что если в течение одного года общий размер платежей по всем ' +
          'имеющимся у меня кредитам и займам превысит 50 % моего годового дохода, существует ' +
          'риск неисполнения мною обязательств и применения ко мне штрафных санкций.',
        '4. Мне известно о праве установить в бюро кредитных историй запрет на заключение ' +
          'договоров потребительского кредита (займа); при наличии такого запрета заем не ' +
          'предоставляется.',
        '5. С Правилами предоставления микрозаймов и Общими условиями договора потребительского ' +
          `микрозайма, размещенными на сайте ${company.site_url}, ознакомлен(а).`,
      ]),
    ],
  };
}
