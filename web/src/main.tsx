import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, confirmPageLoadRequests } from './api/client';
import { App, preloadSignedInApp } from './app/App';
import { startPageLoad } from './app/page-load';
import './styles.css';

/**
 * Start-up: the app renders at once, and reads /config.json (user pool, app client, API base URL; one build
 * serves every stage) alongside. The public pages need nothing from it (the API is at '/api' until it says
 * otherwise, as it does on every stage); the signed-in part of the app waits for it (auth-routes), and Amplify
 * is configured from it when that part first loads. A page load under /app with a stored session starts the
 * signed-in code loading at once, and the page's first API requests alongside /config.json, with the stored
 * session's token at the API's usual address (asked again once the configuration names another; early.ts),
 * rather than one after another behind the configuration and the auth code. In the build, the configuration and
 * those requests are started by a small script of their own (boot.ts) that runs before this one is evaluated.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// What the page waits on goes out first: the configuration, the first API requests, then the code.
const { config: configLoad, signedIn } = startPageLoad();
if (signedIn) preloadSignedInApp(window.location.pathname);

const root = createRoot(container);
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);

configLoad
  .then((config) => {
    configureApi({ baseUrl: config.apiBaseUrl });
    if (signedIn) confirmPageLoadRequests(config.userPoolClientId);
  })
  .catch((error: Error) => {
    console.error('Family Finance could not load its configuration:', error.message);
    root.render(
      <p
        role="alert"
        style={{ maxWidth: '32rem', margin: '20vh auto', padding: '1rem', textAlign: 'center' }}
      >
        Family Finance could not start. Please check your connection and reload the page.
      </p>,
    );
  });
