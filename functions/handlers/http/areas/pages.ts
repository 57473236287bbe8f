import { areaRouter } from '../../../app/http';
import { handler as getStatementCheckPage } from '../get-statement-check-page';

/**
 * The pages area's function: a held statement's pages drawn as images (manifest area 'pages'). The only
 * function that loads pdf.js with a native canvas, so the other areas stay small and on arm64.
 */
export const handler = areaRouter('pages', [getStatementCheckPage]);
