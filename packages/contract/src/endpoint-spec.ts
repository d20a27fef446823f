import type { z } from 'zod';
import type { ErrorListing } from './api/common';
import type { StaffRole } from './api/crm/auth';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone (`public`), a client or an operator acting for them (`client`), the client
 * only — an operator gets 403 with the `operatorRefusal` text (`client-not-operator`), a staff
 * member of the console whose role includes `role` (`staff`).
 */
export type AuthKind = 'public' | 'client' | 'client-not-operator' | 'staff';

/** Why an operator is refused a `client-not-operator` call (the server holds the texts). */
export type OperatorRefusal = 'money' | 'cards' | 'credentials' | 'decision';

/**
 * One call, declared once: the server registers its route from this entry plus a handler, the
 * OpenAPI document describes it from the same route, the web clients take their types from it and
 * the MSW fakes check requests and answers against it. Path and method are the entry's keys in
 * its table.
 */
export interface EndpointSpec {
  auth: AuthKind;
  /** With `client-not-operator`: which text the operator gets (`money` when absent). */
  operatorRefusal?: OperatorRefusal;
  /** With `staff`: the least role the call needs. */
  role?: StaffRole;
  /** A GET that writes (reads the primary database, not a replica). */
  writes?: true;
  summary: string;
  description?: string;
  tags: readonly string[];
  /**
   * Its refusals besides 200, documented with the common error schema: a status, or a refusal's
   * code from API_ERRORS (which names its status, and the document lists the codes).
   */
  errors: readonly ErrorListing[];
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer: JSON, or the bytes of a file when `produces` is set; none for a redirect. */
  response?: z.ZodType;
  /** The body is form data (uploads), so it has no JSON schema. */
  multipart?: true;
  /** A JSON body the handler parses itself (its schema depends on the query). */
  handlerBody?: z.ZodType;
  /** A file answer's content types (a PDF, a CSV, an attachment); opened by link, not by the client. */
  produces?: readonly string[];
}

export type EndpointTable = Record<string, Partial<Record<HttpMethod, EndpointSpec>>>;

/** `'POST /orders/create'`: one call of a table, as the server names it. */
export type EndpointKeyOf<T> = {
  [P in keyof T & string]: { [M in keyof T[P] & HttpMethod]: `${M} ${P}` }[keyof T[P] & HttpMethod];
}[keyof T & string];

export interface EndpointEntry {
  key: string;
  method: HttpMethod;
  path: string;
  spec: EndpointSpec;
}

/** Every call of the tables, once (a call both tables hold is the same entry). */
export function endpointEntries(...tables: readonly EndpointTable[]): EndpointEntry[] {
  const entries = new Map<string, EndpointEntry>();
  for (const table of tables)
    for (const [path, methods] of Object.entries(table))
      for (const [method, spec] of Object.entries(methods) as [HttpMethod, EndpointSpec][])
        entries.set(`${method} ${path}`, { key: `${method} ${path}`, method, path, spec });
  return [...entries.values()];
}
