import '@/styles/tokens.css';
import '@/styles/base.css';
import {
  createApp,
  installHeadManager,
  installInputMask,
  installRouter,
  installStateStore,
  installTranslations,
  nextTask,
  restoreSavedToken,
} from '@/app/start-up';

// Start-up order of spec §4. Between the steps the browser gets the main thread back (a tap,
// a keystroke, a frame): each is a short task of its own, not one long one. An async function,
// not top-level await: with the latter the bundler splits the entry into ~30 chunks.
async function start(): Promise<void> {
  const app = createApp();
  installHeadManager();
  installStateStore();
  await nextTask();
  const router = installRouter();
  restoreSavedToken(router);
  await nextTask();
  installTranslations();
  installInputMask();
  await nextTask();
  app.mount(router, '#app');
}

void start();
