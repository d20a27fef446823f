// The documents a newcomer reads link to each other and to the code: a link that leads nowhere
// is a dead end, and a document nobody links to is never found. The README stays a front door.
import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  brokenLink,
  headingSlug,
  linkTargets,
  markdownFiles,
  namedPaths,
  pathExists,
  readDocument,
} from './doc-links.mjs';

const README_MAX_BYTES = 10 * 1024;

describe('links between the documents', () => {
  it('reads links and headings as GitHub does', () => {
    const markdown = [
      '# Money and the law',
      '## СБП: payouts by phone',
      '## The tester’s page: /dev/test',
      '## `npm test`',
      '## Notes',
      '## Notes',
      '```sh',
      '# not a heading [nor](a-link.md)',
      '```',
      'See [a](docs/a.md#x), `[code](not-a-link.md)` and [b](https://example.com).',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual(['docs/a.md#x', 'https://example.com']);
    expect([...anchorsOf(markdown)]).toEqual([
      'money-and-the-law',
      'сбп-payouts-by-phone',
      'the-testers-page-devtest',
      'npm-test',
      'notes',
      'notes-1',
    ]);
    expect(headingSlug('§3 Money, loans and the law')).toBe('3-money-loans-and-the-law');
  });

  it('finds a missing file and a missing heading', () => {
    expect(brokenLink('README.md', 'docs/no-such-file.md')).toBe('no file docs/no-such-file.md');
    expect(brokenLink('README.md', 'ARCHITECTURE.md#no-such-heading')).toBe(
      'no heading #no-such-heading',
    );
    expect(brokenLink('README.md', 'ARCHITECTURE.md')).toBeNull();
    expect(brokenLink('README.md', 'https://example.com/nowhere')).toBeNull();
  });

  it('every relative link of every Markdown file leads to a file and heading that exist', () => {
    const broken = markdownFiles().flatMap((file) =>
      linkTargets(readDocument(file))
        .map((target) => [target, brokenLink(file, target)])
        .filter(([, problem]) => problem !== null)
        .map(([target, problem]) => `${file}: (${target}) — ${problem}`),
    );
    expect(broken).toEqual([]);
  });

  it('every repository path a document names in code exists', () => {
    expect(
      namedPaths('See `apps/server/src/config.ts`, `apps/web/dist/x.js`, `npm test`.'),
    ).toEqual(['apps/server/src/config.ts']);
    const missing = markdownFiles().flatMap((file) =>
      namedPaths(readDocument(file))
        .filter((name) => !pathExists(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('the README links to every document in docs/', () => {
    const linked = new Set(
      linkTargets(readDocument('README.md')).map((target) => target.split('#')[0]),
    );
    const documents = markdownFiles().filter((file) => /^docs\/[^/]+\.md$/.test(file));
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.filter((file) => !linked.has(file))).toEqual([]);
  });

  it(`the README stays a front door: at most ${README_MAX_BYTES} bytes`, () => {
    expect(Buffer.byteLength(readDocument('README.md'))).toBeLessThanOrEqual(README_MAX_BYTES);
  });
});
