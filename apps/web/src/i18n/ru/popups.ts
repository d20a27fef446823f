export const popups = {
  closeAlt: 'Закрыть попап',
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
