import '@/styles/tokens.css';
import '@/styles/base.css';
import {
  createApp,
  installHeadManager,
  installInputMask,
  installRouter,
  installStateStore,
  installTranslations,
  restoreSavedToken,
} from '@/app/start-up';

// Start-up order of spec §4.
const app = createApp();
installHeadManager();
installStateStore();
const router = installRouter();
restoreSavedToken(router);
installTranslations();
installInputMask();
app.mount(router, '#app');
