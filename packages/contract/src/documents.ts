/** Document groups (spec §9). */
export const DOCUMENT_GROUPS = [
  'orders_docs',
  'contracts_docs',
  'register_docs',
  'prolongation_docs',
] as const;
export type DocumentGroup = (typeof DOCUMENT_GROUPS)[number];
