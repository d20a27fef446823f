// Lighthouse (mobile: its default emulation and simulated slow 4G) in Debian's Chromium.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { watchMachine } from './machine.mjs';

/** The flags of e2e/playwright.config.ts, plus headless. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Performance score and its main metrics for one page: the run with the median score of `runs`
 * (Lighthouse's advice against its own variability), and every run's score, TBT, the machine's
 * one-minute load average and the share of its CPU other processes took meanwhile; the lowest
 * accessibility score of them all.
 */
export async function lighthouseFigures(url, runs) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const machine = watchMachine();
    const pass = await onePass(url);
    results.push({ ...pass, ...machine() });
  }
  const each = results.map(({ score, tbtMs, load, others }) => ({ score, tbtMs, load, others }));
  const accessibility = Math.min(...results.map((result) => result.accessibility));
  results.sort((a, b) => a.score - b.score);
  return { ...results[Math.floor(results.length / 2)], each, accessibility };
}

/**
 * One Lighthouse run (performance, and accessibility when asked) in a Chromium of its own;
 * `config` extends Lighthouse's default (scripts/bench/lighthouse-tasks.mjs adds CPU samples to
 * the trace).
 */
export async function runLighthouse(url, config, categories = ['performance']) {
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  try {
    return await lighthouse(
      url,
      { port: chrome.port, onlyCategories: categories, output: 'json', logLevel: 'error' },
      config,
    );
  } finally {
    chrome.kill();
  }
}

async function onePass(url) {
  const { categories, audits } = (
    await runLighthouse(url, undefined, ['performance', 'accessibility'])
  ).lhr;
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    findings: findingsOf(audits),
  };
}

/** What Lighthouse says to fix: its opportunities with their estimated saving, largest first. */
function findingsOf(audits) {
  return Object.values(audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 1)
    .map((audit) => ({
      title: audit.title,
      savingMs: audit.details.overallSavingsMs ?? 0,
      savingBytes: audit.details.overallSavingsBytes ?? 0,
    }))
    .sort((a, b) => b.savingMs - a.savingMs || b.savingBytes - a.savingBytes);
}
