import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, startPageLoadRequests } from './api/client';
import { App, preloadSignedInApp } from './app/App';
import { hasStoredSession } from './auth/local-state';
import { loadRuntimeConfig } from './auth/runtime-config';
import './styles.css';

/**
 * Start-up: read /config.json (user pool, app client, API base URL; one build serves every stage), then render.
 * Amplify is configured from it when the signed-in part of the app first loads. A page load under /app with a
 * stored session starts the signed-in code loading alongside /config.json, and the page's first API requests
 * as soon as the configuration has arrived (early.ts), rather than one after another behind the auth code.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const signedIn = hasStoredSession();
if (signedIn) preloadSignedInApp(window.location.pathname);

loadRuntimeConfig()
  .then((config) => {
    configureApi({ baseUrl: config.apiBaseUrl });
    if (signedIn) startPageLoadRequests(config.userPoolClientId);
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: Error) => {
    console.error('Family Finance could not load its configuration:', error.message);
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'max-width:32rem;margin:20vh auto;padding:1rem;text-align:center';
    message.textContent = 'Family Finance could not start. Please check your connection and reload the page.';
    container.replaceChildren(message);
  });
