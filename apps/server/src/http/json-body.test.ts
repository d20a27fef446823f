import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';
import { unsafeFields } from './safe-text';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays inside one another, not side by side', () => {
    expect(nestsDeeperThan('{"a":{"b":[1,2]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[[1]]}}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[],[],[]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say "[[[[" \\ ok' }), 1)).toBe(false);
  });

  it('finds a body thousands of levels deep without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(nestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('unsafeFields', () => {
  it('walks a value nested far deeper than the call stack allows', () => {
    let value: unknown = 'a\u0000b';
    for (let level = 0; level < 100_000; level += 1) value = { a: value };
    const fields = unsafeFields([value]);
    expect(Object.values(fields)).toEqual(['Недопустимые символы']);
  });

  it('names the field of an unsafe string and of an unsafe key', () => {
    expect(unsafeFields([{ person: { name: '\uD800' } }, { 'x\u0000': 'ok' }])).toEqual({
      'person.name': 'Недопустимые символы',
      '?': 'Недопустимые символы',
    });
  });
});
