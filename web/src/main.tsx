import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, startPageLoadRequests } from './api/client';
import { App, preloadSignedInApp } from './app/App';
import { hasStoredSession } from './auth/local-state';
import { loadRuntimeConfig } from './auth/runtime-config';
import './styles.css';

/**
 * Start-up: the app renders at once, and reads /config.json (user pool, app client, API base URL; one build
 * serves every stage) alongside. The public pages need nothing from it (the API is at '/api' until it says
 * otherwise, as it does on every stage); the signed-in part of the app waits for it (auth-routes), and Amplify
 * is configured from it when that part first loads. A page load under /app with a stored session starts the
 * signed-in code loading at once, and the page's first API requests as soon as the configuration has arrived
 * (early.ts), rather than one after another behind the auth code.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const signedIn = hasStoredSession();
if (signedIn) preloadSignedInApp(window.location.pathname);

const root = createRoot(container);
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);

loadRuntimeConfig()
  .then((config) => {
    configureApi({ baseUrl: config.apiBaseUrl });
    if (signedIn) startPageLoadRequests(config.userPoolClientId);
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
