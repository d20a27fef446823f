/** Mail domains of Russian clients, most used first (the order ranks the suggestions). */
export const EMAIL_DOMAINS = `
mail.ru yandex.ru gmail.com bk.ru inbox.ru list.ru rambler.ru ya.ru icloud.com outlook.com
internet.ru hotmail.com yahoo.com yandex.com me.com vk.com proton.me live.ru mail.com narod.ru
`;
