import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PopupHost } from '@/components/popup/popup-host';
import { POPUP_NAMES } from '@/config/popups';
import { openPopup } from '@/stores/popups';
import { POPUP_REGISTRY } from './popup-registry';
import { renderWithQuery } from '../../test/render';
import { answerScreenReads } from '../../test/screen-reads';

const TITLES = {
  changePassword: 'Смена пароля',
  confirmEmail: 'Подтверждение почты',
  deleteCard: 'Удаление карты',
  documents: 'Документы',
  enterPhone: 'Номер телефона',
  loadPhoto: 'Загрузка фото',
  smsCode: 'Код из СМС',
  ticket: 'Обращение',
};

// The screens this file opens read their data; a test's own answers win.
beforeEach(answerScreenReads);

describe('popup registry', () => {
  it('has exactly the 8 popups of the spec', () => {
    expect(Object.keys(POPUP_REGISTRY).sort()).toEqual([...POPUP_NAMES].sort());
    expect(POPUP_NAMES).toHaveLength(8);
  });

  it.each(POPUP_NAMES)('%s loads its body, which signals ready', async (name) => {
    renderWithQuery(<PopupHost registry={POPUP_REGISTRY} />);

    act(() => openPopup(name));

    expect(await screen.findByRole('dialog', { name: TITLES[name] })).toBeVisible();
  });
});
