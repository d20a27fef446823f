/** The documents page and a loan's documents popup. */
export const documents = {
  groups: {
    register_docs: 'Регистрация',
    orders_docs: 'Заявки',
    contracts_docs: 'Договоры',
    prolongation_docs: 'Пролонгации',
  },
  empty: {
    register_docs: 'Документов регистрации нет.',
    orders_docs: 'Заявок пока не было.',
    contracts_docs: 'Договоров пока нет: договор появится после одобрения заявки.',
    prolongation_docs: 'Пролонгаций пока не было.',
  },
  loan: {
    contract: 'Договор № {{number}}',
    order: 'Заявка № {{id}}',
  },
  signature: {
    asp: 'Подписан АСП {{date}}',
    acceptance: 'Принят {{date}}',
    issued: 'Выдана кредитором {{date}}',
    none: 'Не подписан',
  },
  lead: 'Документы открываются в формате PDF в новой вкладке.',
  open: 'Открыть PDF',
  loading: 'Загружаем документы…',
  loadFailed: 'Не удалось загрузить документы. Проверьте подключение и повторите попытку.',
  openFailed: 'Не удалось открыть документ. Попробуйте ещё раз.',
  retry: 'Повторить',
  popup: {
    noLoan: 'Займ не выбран. Закройте окно и выберите займ в списке.',
    empty: 'Документов по этому займу пока нет.',
  },
};
