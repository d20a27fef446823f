// Comments say why the code is as it is, never where it came from: «issue N» or «session N»
// mean nothing to a reader without the tracker, and go stale the day they are written.
// What was decided and why lives in docs/decisions.md.
import { describe, expect, it } from 'vitest';
import { commentsOf, historyReferences, sourceFiles } from './history-comments.mjs';

const SOURCE_FOLDERS = ['apps', 'packages', 'e2e', 'scripts', 'deploy'];

describe('history in source comments', () => {
  it('finds the comments of each kind of source file and no code', () => {
    const typescript = [
      "const session2 = 'issue 14';",
      '// issue 14: why',
      'const pattern = /issue 15/; /* Session 3 */',
      '/** item (issue 16 part 2) */ export const x = `session 4`;',
    ].join('\n');
    expect(commentsOf('a.ts', typescript)).toEqual([
      '// issue 14: why',
      '/* Session 3 */',
      '/** item (issue 16 part 2) */',
    ]);
    expect(commentsOf('a.sh', 'echo "issue 1" # issue 15\n# session 2')).toEqual([
      '# issue 15',
      '# session 2',
    ]);
    expect(commentsOf('a.sql', "SELECT 'issue 5'; -- issue 6")).toEqual(['-- issue 6']);
    expect(commentsOf('a.css', 'a { color: red; } /* issue 14 */')).toEqual(['/* issue 14 */']);
  });

  it('recognises a reference to an issue or a session, and nothing else', () => {
    expect(historyReferences('// see issue 14, Issue #3 and session 12')).toEqual([
      'issue 14',
      'Issue #3',
      'session 12',
    ]);
    expect(historyReferences('// a session of 30 minutes; the issue of a loan')).toEqual([]);
  });

  it('finds none in apps/, packages/, e2e/, scripts/ and deploy/', () => {
    const found = [];
    for (const file of sourceFiles(SOURCE_FOLDERS)) {
      for (const comment of file.comments) {
        for (const reference of historyReferences(comment)) {
          found.push(`${file.path}: «${reference}» in ${comment.split('\n')[0]}`);
        }
      }
    }
    expect(found, 'say why instead; decisions go to docs/decisions.md').toEqual([]);
  });
});
