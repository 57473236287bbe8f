import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { mappingPath } from '../upload/stages';
import { useWaitingChecks } from './api';
import './check.css';

/** Where a statement's check opens: Check Statement, under File Upload. */
export const checkPath = (uploadId: string) => `/app/setup/upload/check/${encodeURIComponent(uploadId)}`;

/**
 * The overview's banner while any statement waits for the family's check (or a bank export for its columns
 * to be mapped): its rows are in no figure until it is imported, so the figures may be missing it.
 */
export function WaitingChecksBanner() {
  const waiting = useWaitingChecks();
  const statements = waiting.data ?? [];
  if (!statements.length) return null;
  return (
    <Alert
      tone="warning"
      className="check-banner"
      title={
        statements.length === 1
          ? 'A statement needs your check'
          : `${statements.length} statements need your check`
      }
    >
      <p>Its transactions are not in these figures until you check and import it.</p>
      <ul>
        {statements.map((s) => (
          <li key={s.uploadId}>
            {s.stage === 'needs_mapping' ? (
              <Link to={mappingPath(s.uploadId)}>Map the columns of {s.fileName}</Link>
            ) : (
              <Link to={checkPath(s.uploadId)}>Check {s.fileName}</Link>
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
