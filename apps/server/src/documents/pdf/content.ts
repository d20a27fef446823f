import type { Kopecks } from '@zaymo/contract';

/** A document is a title and a list of blocks; layout.ts turns them into pages. */

export interface TableColumn {
  readonly header: string;
  /** Points, or '*' for a share of what is left. */
  readonly width: number | '*';
  readonly align?: 'left' | 'right' | 'center';
}

export type Block =
  | { readonly type: 'heading'; readonly text: string }
  | { readonly type: 'paragraph'; readonly text: string }
  /** A framed bold warning the law wants the reader to notice. */
  | { readonly type: 'notice'; readonly text: string }
  /** Label / value pairs, e.g. the client's details. */
  | { readonly type: 'fields'; readonly rows: readonly FieldRow[] }
  | {
      readonly type: 'table';
      readonly columns: readonly TableColumn[];
      readonly rows: readonly (readonly string[])[];
    };

export type FieldRow = readonly [label: string, value: string];

export interface PskBoxValues {
  /** Wire form '292.000'. */
  readonly percent: string;
  readonly amount: Kopecks;
}

export interface DocumentContent {
  readonly title: string;
  /** Lines under the title: contract number, «к договору № …». */
  readonly subtitle?: readonly string[];
  /** The framed ПСК box at the top right of the first page (353-FZ art. 6 p. 14). */
  readonly pskBox?: PskBoxValues;
  readonly blocks: readonly Block[];
}

export const heading = (text: string): Block => ({ type: 'heading', text });
export const paragraph = (text: string): Block => ({ type: 'paragraph', text });
export const notice = (text: string): Block => ({ type: 'notice', text });
export const fields = (rows: readonly FieldRow[]): Block => ({ type: 'fields', rows });

/** Numbered clauses «1.», «2.» … under a heading. */
export function section(title: string, clauses: readonly string[]): Block[] {
  return [heading(title), ...clauses.map((text) => paragraph(text))];
}
