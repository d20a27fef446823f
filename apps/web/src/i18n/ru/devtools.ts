export const devtools = {
  intro: 'Служебные кнопки для проверки оболочки приложения.',
  showNotice: 'Показать уведомление',
  noticeMessage: 'Проверка уведомлений',
  showError: 'Показать ошибку',
  errorMessage: 'Проверка ошибки',
  openPopup: 'Открыть попап',
  openUnknownPopup: 'Открыть неизвестный попап',
};
