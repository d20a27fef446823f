import { documentKindInfo } from '@zaymo/contract';
import { fields, heading, paragraph, section, type DocumentContent } from '../content';
import { clientFields, clientReference, companyReference } from '../parties';
import type { CommonDocumentData } from '../types';
import { LAW_152, LAW_38 } from './common';

/**
 * The consent to advertising, a document of its own: 38-FZ art. 18 part 1 asks for the
 * subscriber's prior consent and stops the messages at once on their demand; 152-FZ art. 9 (as
 * amended by 156-FZ) keeps it apart from the personal-data consent and every other document.
 */
export function marketingConsent({ company, client }: CommonDocumentData): DocumentContent {
  return {
    title: documentKindInfo('marketing_consent').title,
    blocks: [
      paragraph(
        `Я, ${clientReference(client)}, в соответствии с частью 1 статьи 18 ${LAW_38} и ` +
          `статьей 9 ${LAW_152} даю ${companyReference(company)} согласие на получение ` +
          'рекламных и информационных сообщений о займах, акциях и специальных предложениях ' +
          'по телефону, в SMS и по электронной почте, указанным в личном кабинете, и на ' +
          'обработку для этого моих фамилии, имени, отчества, номера телефона и адреса ' +
          'электронной почты.',
      ),
      ...section('Добровольность', [
        'Согласие не является условием регистрации, рассмотрения заявки или заключения договора ' +
          'займа. Сообщения о моем займе (платежи, сроки, задолженность) направляются по ' +
          'договору независимо от этого согласия.',
      ]),
      ...section('Срок действия и отзыв', [
        'Согласие действует до его отзыва. Я могу отозвать его в любой момент в разделе ' +
          `«Согласия» личного кабинета или сообщением на ${company.support_email}; рекламные ` +
          'сообщения прекращаются немедленно после отзыва.',
      ]),
      heading('Субъект персональных данных'),
      fields(clientFields(client)),
    ],
  };
}
