import { areaRouter } from '../../../app/http';
import { handler as createUpload } from '../create-upload';
import { handler as getUpload } from '../get-upload';
import { handler as listAccountStatements } from '../list-account-statements';
import { handler as removeStatement } from '../remove-statement';

/** The uploads area's function: its routes (manifest area 'uploads'), dispatched on the event's routeKey. */
export const handler = areaRouter('uploads', [
  createUpload,
  getUpload,
  listAccountStatements,
  removeStatement,
]);
