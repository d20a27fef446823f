import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { PublicDataCache } from './public-data';

const schema = z.object({ data: z.object({ value: z.number() }) });

function setUp(checkEveryMs = 2000) {
  const state = { version: 1, now: 0, versionReads: 0, builds: 0, value: 10 };
  const cache = new PublicDataCache(
    async () => {
      state.versionReads += 1;
      return state.version;
    },
    checkEveryMs,
    () => state.now,
  );
  const read = () =>
    cache.answer('thing', schema, () => {
      state.builds += 1;
      return { data: { value: state.value } };
    });
  return { state, read };
}

describe('public data cache', () => {
  it('builds an answer once and serves the same JSON and ETag from memory', async () => {
    const { state, read } = setUp();
    const first = await read();
    expect(JSON.parse(first.json)).toEqual({ data: { value: 10 } });
    expect(first.etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    state.now = 1999;
    expect(await read()).toEqual(first);
    expect(state.builds).toBe(1);
    expect(state.versionReads).toBe(1);
  });

  it('asks for the version again only after the interval, and rebuilds when it moved', async () => {
    const { state, read } = setUp();
    const first = await read();
    state.value = 20;
    state.version = 2;
    state.now = 1000;
    expect(await read()).toEqual(first);
    state.now = 2000;
    const second = await read();
    expect(state.versionReads).toBe(2);
    expect(JSON.parse(second.json)).toEqual({ data: { value: 20 } });
    expect(second.etag).not.toBe(first.etag);
  });

  it('keeps the answer while the version stays the same', async () => {
    const { state, read } = setUp();
    await read();
    state.now = 5000;
    await read();
    expect(state.versionReads).toBe(2);
    expect(state.builds).toBe(1);
  });

  it('reads the version once for concurrent requests', async () => {
    const { state, read } = setUp();
    await Promise.all([read(), read(), read()]);
    expect(state.versionReads).toBe(1);
    expect(state.builds).toBe(1);
  });

  it('does not keep a failed build nor an answer its schema rejects', async () => {
    const { state, read } = setUp();
    state.value = Number.NaN;
    await expect(read()).rejects.toThrow();
    state.value = 30;
    expect(JSON.parse((await read()).json)).toEqual({ data: { value: 30 } });
  });
});
