import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { publicDataVersion } from '../db/schema';

/** A public answer, serialized once: its JSON and the ETag of that JSON. */
export interface CachedAnswer {
  json: string;
  etag: string;
}

type VersionReader = () => Promise<number>;

/**
 * Public data (tariffs, company settings, consents, payment methods) is read by every visitor and
 * changes rarely, so each instance keeps its answers in memory. Freshness across instances: the
 * version row (bumped by database triggers on every change) is read at most once per
 * `checkEveryMs`; a new version drops every cached answer. A polled row rather than
 * LISTEN/NOTIFY: it needs no dedicated connection per instance nor reconnection handling, misses
 * nothing while a connection is down, and works the same on PGlite; it costs one tiny query every
 * few seconds per instance, and a change shows within that interval.
 */
export class PublicDataCache {
  private version: number | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | null = null;
  private readonly answers = new Map<string, Promise<CachedAnswer>>();

  constructor(
    private readonly readVersion: VersionReader,
    private readonly checkEveryMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The cached answer of `key`, built (and checked against `schema`) when missing or stale. */
  async answer<Schema extends z.ZodType>(
    key: string,
    schema: Schema,
    build: () => z.input<Schema> | Promise<z.input<Schema>>,
  ): Promise<CachedAnswer> {
    await this.refreshVersion();
    const cached = this.answers.get(key);
    if (cached) return cached;
    const built = Promise.resolve()
      .then(build)
      .then((body) => serialize(schema.parse(body)));
    this.answers.set(key, built);
    built.catch(() => {
      if (this.answers.get(key) === built) this.answers.delete(key);
    });
    return built;
  }

  private async refreshVersion(): Promise<void> {
    if (this.now() - this.checkedAt < this.checkEveryMs) return;
    this.checking ??= this.readVersion()
      .then((version) => {
        if (version !== this.version) this.answers.clear();
        this.version = version;
        this.checkedAt = this.now();
      })
      .finally(() => {
        this.checking = null;
      });
    await this.checking;
  }
}

function serialize(body: unknown): CachedAnswer {
  const json = JSON.stringify(body);
  const digest = createHash('sha256').update(json).digest('base64url').slice(0, 22);
  // Weak: the same JSON may go out brotli, gzip or plain (http/compression.ts).
  return { json, etag: `W/"${digest}"` };
}

const caches = new WeakMap<Database, PublicDataCache>();

/** The one cache of a database connection (an app instance), made on first use. */
export function publicDataCache(ctx: Pick<AppContext, 'db' | 'config'>): PublicDataCache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new PublicDataCache(() => readPublicDataVersion(ctx.db), ctx.config.publicDataCheckMs);
    caches.set(ctx.db, cache);
  }
  return cache;
}

async function readPublicDataVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: publicDataVersion.version })
    .from(publicDataVersion)
    .where(eq(publicDataVersion.id, 1));
  return Number(row?.version ?? 0);
}
