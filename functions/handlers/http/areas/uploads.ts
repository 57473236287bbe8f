import { areaRouter } from '../../../app/http';
import { handler as confirmExportMapping } from '../confirm-export-mapping';
import { handler as createUpload } from '../create-upload';
import { handler as discardStatementCheck } from '../discard-statement-check';
import { handler as editStatementCheck } from '../edit-statement-check';
import { handler as getExportMapping } from '../get-export-mapping';
import { handler as getStatementCheck } from '../get-statement-check';
import { handler as getUpload } from '../get-upload';
import { handler as importStatementCheck } from '../import-statement-check';
import { handler as listAccountStatements } from '../list-account-statements';
import { handler as listStatementChecks } from '../list-statement-checks';
import { handler as removeStatement } from '../remove-statement';
import { handler as statementRemoval } from '../statement-removal';

/** The uploads area's function: its routes (manifest area 'uploads'), dispatched on the event's routeKey. */
export const handler = areaRouter('uploads', [
  createUpload,
  getUpload,
  listAccountStatements,
  removeStatement,
  statementRemoval,
  listStatementChecks,
  getStatementCheck,
  editStatementCheck,
  importStatementCheck,
  discardStatementCheck,
  getExportMapping,
  confirmExportMapping,
]);
