export const popups = {
  closeAlt: 'Закрыть попап',
  preparing: 'Этот раздел готовится.',
  titles: {
    changePassword: 'Смена пароля',
    confirmEmail: 'Подтверждение почты',
    deleteCard: 'Удаление карты',
    documents: 'Документы',
    enterPhone: 'Номер телефона',
    loadPhoto: 'Загрузка фото',
    smsCode: 'Код из СМС',
    ticket: 'Обращение',
  },
};
