// The comments of the repository's source files, for history-comments.test.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const HISTORY_REFERENCE = /\b(?:issues?|sessions?) ?(?:#|№)? ?\d+/gi;

/** The references to a numbered issue or session in a text; «a session of 30 minutes» is none. */
export function historyReferences(text) {
  return [...text.matchAll(HISTORY_REFERENCE)].map((match) => match[0]);
}

const COMMENT_READERS = [
  [/\.(?:[cm]?[jt]s|tsx|jsx)$/, scriptComments],
  [/\.(?:sh|conf|service|example|ya?ml)$/, (text) => matches(text, /(?:^|[ \t])(#[^\n]*)/gm)],
  [/\.sql$/, (text) => matches(text, /(--[^\n]*)/g)],
  [/\.css$/, (text) => matches(text, /(\/\*[\s\S]*?\*\/)/g)],
  [/\.html$/, (text) => matches(text, /(<!--[\s\S]*?-->)/g)],
  // A guide beside the code (apps/web/CONVENTIONS.md) is read like its comments.
  [/\.md$/, (text) => [text]],
];

function commentReader(file) {
  return COMMENT_READERS.find(([kind]) => kind.test(file))?.[1];
}

/** The comments of one source file, by its kind (none for data: JSON, images). */
export function commentsOf(file, text) {
  return commentReader(file)?.(text, file) ?? [];
}

function matches(text, pattern) {
  return [...text.matchAll(pattern)].map((match) => match[1].trim());
}

/** Every comment TypeScript's parser sees: a string, a template or a regex holds none. */
function scriptComments(text, file) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const comments = new Map();
  const collect = (ranges) => {
    for (const range of ranges ?? []) comments.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...comments.entries()].sort(([a], [b]) => a - b).map(([, comment]) => comment);
}

function scriptKind(file) {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

const ROOT_SOURCES = [':(glob)*.ts', ':(glob)*.js', ':(glob)*.mjs'];
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** The tracked and new (not ignored) files under `folders` and at the root, with their comments. */
export function sourceFiles(folders) {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...folders, ...ROOT_SOURCES],
    { cwd: repositoryRoot, encoding: 'utf8' },
  );
  return [...new Set(listed.split('\n'))]
    .filter((file) => commentReader(file) !== undefined)
    .map((file) => ({ path: file, comments: commentsOf(file, readFile(file)) }));
}

function readFile(file) {
  try {
    return readFileSync(path.join(repositoryRoot, file), 'utf8');
  } catch {
    return ''; // deleted in the work tree but not yet in the index
  }
}
