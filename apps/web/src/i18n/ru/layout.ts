export const layout = {
  header: {
    homeLink: 'На главную',
    openMenu: 'Открыть меню',
    closeMenu: 'Закрыть меню',
  },
  nav: {
    label: 'Разделы личного кабинета',
    loanlist: 'Мои займы',
    cards: 'Карты',
    history: 'История',
    person: 'Профиль',
    documents: 'Документы',
    files: 'Файлы',
    tickets: 'Поддержка',
  },
  footer: {
    label: 'Сведения о компании',
    ogrn: 'ОГРН',
    inn: 'ИНН',
    cbrRegisterEntry: 'Запись в госреестре МФО Банка России',
    address: 'Адрес',
    supportPhone: 'Телефон поддержки',
    supportEmail: 'Эл. почта',
    workingHours: 'Часы работы',
    unavailable: 'Сведения о компании временно недоступны.',
    rights: '© {{year}} {{brand}}',
  },
};
