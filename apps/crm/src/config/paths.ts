import type { StaffRole } from '@zaymo/contract';

/**
 * The console's screens: path (under the /crm base), the least role that sees it (null: anyone
 * signed out) and the title (also the document's). Link with `ROUTES.<name>.path`.
 */
export const ROUTES = {
  signin: { path: '/signin', role: null, title: 'Вход' },
  clients: { path: '/clients', role: 'operator', title: 'Клиенты' },
  client: { path: '/clients/:clientId', role: 'operator', title: 'Карточка клиента' },
  tickets: { path: '/tickets', role: 'operator', title: 'Обращения' },
  ticket: { path: '/tickets/:ticketId', role: 'operator', title: 'Обращение' },
  collections: { path: '/collections', role: 'collector', title: 'Просрочка' },
  collection: { path: '/collections/:orderId', role: 'collector', title: 'Просроченный заём' },
  waivers: { path: '/waivers', role: 'risk', title: 'Согласование' },
  review: { path: '/review', role: 'risk', title: 'Проверка заявок' },
  creditHolidays: { path: '/credit-holidays', role: 'risk', title: 'Кредитные каникулы' },
  bureau: { path: '/bureau', role: 'risk', title: 'БКИ' },
  audit: { path: '/audit', role: 'admin', title: 'Журнал' },
  staff: { path: '/staff', role: 'admin', title: 'Сотрудники' },
  settings: { path: '/settings', role: 'admin', title: 'Настройки' },
} as const satisfies Record<string, { path: string; role: StaffRole | null; title: string }>;

export type RouteName = keyof typeof ROUTES;

/** The screens of signed-in staff (those with a role). */
export type ConsoleRouteName = {
  [Name in RouteName]: (typeof ROUTES)[Name]['role'] extends null ? never : Name;
}[RouteName];

/** The navigation, in order; each screen shows only to its role and those above it. */
export const NAVIGATION: readonly ConsoleRouteName[] = [
  'clients',
  'tickets',
  'collections',
  'waivers',
  'review',
  'creditHolidays',
  'bureau',
  'audit',
  'staff',
  'settings',
];

export function clientPath(clientId: number): string {
  return ROUTES.client.path.replace(':clientId', String(clientId));
}

export function collectionPath(orderId: number): string {
  return ROUTES.collection.path.replace(':orderId', String(orderId));
}

export function ticketPath(ticketId: number): string {
  return ROUTES.ticket.path.replace(':ticketId', String(ticketId));
}

export const BRAND = 'Займо';

/** Where sign-in leads: the console path it was asked for (?next=), never another site. */
export function afterSignInPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : ROUTES.clients.path;
}
