/**
 * The page's first script (the build puts it ahead of the app's entry in index.html): it starts /config.json
 * and the page's first API requests while the browser is still evaluating the app's code.
 */
import { startPageLoad } from './app/page-load';

startPageLoad();
