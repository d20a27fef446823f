// Lighthouse (mobile: its default emulation and simulated slow 4G) in Debian's Chromium.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

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

/** Performance score and its main metrics for one page; the median of `runs` by score. */
export async function lighthouseFigures(url, runs) {
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await onePass(url));
  results.sort((a, b) => a.score - b.score);
  return results[Math.floor(results.length / 2)];
}

async function onePass(url) {
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    const { categories, audits } = result.lhr;
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      fcpMs: audits['first-contentful-paint'].numericValue,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    chrome.kill();
  }
}
