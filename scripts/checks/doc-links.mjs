// The Markdown documents of the repository and their links, for doc-links.test.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** Every Markdown file in git (tracked or new), outside node_modules. */
export function markdownFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ':(glob)**/*.md'],
    { cwd: repositoryRoot, encoding: 'utf8' },
  );
  return [...new Set(listed.split('\n').filter(Boolean))].filter((file) =>
    existsSync(path.join(repositoryRoot, file)),
  );
}

export function readDocument(file) {
  return readFileSync(path.join(repositoryRoot, file), 'utf8');
}

/** The text outside fenced code blocks, where a heading can be. */
function withoutFences(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside any code, where a link can be. */
function prose(markdown) {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** The targets of a document's inline links, `[text](target)`, as written. */
export function linkTargets(markdown) {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a document's headings make (a repeated heading gets -1, -2, …). */
export function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What is wrong with a relative link of `file` (a missing file or heading), or null. Links to
 * other sites are not followed: the tests run without the internet.
 */
export function brokenLink(file, target) {
  if (EXTERNAL.test(target)) return null;
  const [pathPart = '', anchor] = target.split('#');
  const resolved = pathPart
    ? path.join(path.dirname(path.join(repositoryRoot, file)), decodeURIComponent(pathPart))
    : path.join(repositoryRoot, file);
  if (!existsSync(resolved)) return `no file ${path.relative(repositoryRoot, resolved)}`;
  if (anchor === undefined) return null;
  if (!resolved.endsWith('.md')) return `an anchor into ${path.basename(resolved)}`;
  const anchors = anchorsOf(readFileSync(resolved, 'utf8'));
  return anchors.has(decodeURIComponent(anchor)) ? null : `no heading #${anchor}`;
}

const REPOSITORY_PATH = /^(?:apps|packages|e2e|scripts|deploy|docs|\.ci)\/[^\s:*<>$…]*$/;
/** Made by a build or a test run, so absent from a fresh checkout. */
const GENERATED = /(?:^|\/)(?:dist|\.artifacts|node_modules|data)(?:\/|$)/;

/** The repository paths a document names in code spans (`apps/server/src/config.ts`). */
export function namedPaths(markdown) {
  return [...withoutFences(markdown).matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1].replace(/[.,]$/, ''))
    .filter((name) => REPOSITORY_PATH.test(name) && !GENERATED.test(name));
}

export function pathExists(name) {
  return existsSync(path.join(repositoryRoot, name.split('#')[0]));
}
