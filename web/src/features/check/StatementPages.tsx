import { useState } from 'react';
import type { PageBox } from '../../../../functions/domain/statement/types';
import type { CheckRow } from '../../../../functions/domain/statement-check';
import { Dialog } from '../../components/Dialog';
import { PHONE_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { useStatementPage } from './api';

/**
 * The statement's pages beside the rows read: each page drawn as an image (by the API, from the stored PDF)
 * with the rows read outlined where the reader found them, and the figures that disagree marked — the printed
 * balance where the sums break, and the amounts the family changed. A row the family added has no place on the
 * page. On a phone the page is one tap away, in a dialog.
 */
export interface PagesProps {
  uploadId: string;
  fileName: string;
  pages: number;
  rows: readonly CheckRow[];
  /** Rows whose printed balance the rows read do not reach. */
  breakRows: ReadonlySet<string>;
}

export function StatementPages(props: PagesProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [page, setPage] = useState(1);
  if (props.pages < 1) return null;
  const pager =
    props.pages > 1 ? (
      <nav className="check-pager" aria-label="Pages of the statement">
        <button
          type="button"
          className="button"
          disabled={page <= 1}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
        >
          Previous page
        </button>
        <span>
          Page {page} of {props.pages}
        </span>
        <button
          type="button"
          className="button"
          disabled={page >= props.pages}
          onClick={() => setPage((p) => Math.min(props.pages, p + 1))}
        >
          Next page
        </button>
      </nav>
    ) : null;
  const content = (
    <>
      {pager}
      <StatementPage {...props} page={page} />
      <PageKey />
    </>
  );
  if (phone)
    return (
      <section className="check-pages" aria-labelledby="check-pages-title">
        <h2 id="check-pages-title">The statement</h2>
        <Dialog
          title={`${props.fileName}, as printed`}
          trigger={
            <button type="button" className="button">
              See the statement's page{props.pages > 1 ? 's' : ''}
            </button>
          }
        >
          {content}
        </Dialog>
      </section>
    );
  return (
    <section className="check-pages" aria-labelledby="check-pages-title">
      <h2 id="check-pages-title">The statement, as printed</h2>
      {content}
      <Dialog
        size="wide"
        title={`${props.fileName}, page ${page} as printed`}
        trigger={
          <button type="button" className="button check-enlarge">
            Enlarge the page
          </button>
        }
      >
        {pager}
        <StatementPage {...props} page={page} />
        <PageKey />
      </Dialog>
    </section>
  );
}

const pct = (n: number) => `${Math.max(0, Math.min(100, n * 100)).toFixed(3)}%`;
const place = (box: PageBox) => ({
  left: pct(box.left),
  top: pct(box.top),
  width: pct(box.right - box.left),
  height: pct(box.bottom - box.top),
});
/** A little room around a line, so the outline does not cover its letters. */
const pad = (box: PageBox, by = 0.003): PageBox => ({
  ...box,
  left: box.left - by,
  right: box.right + by,
  top: box.top - by,
  bottom: box.bottom + by,
});

function StatementPage({ uploadId, rows, breakRows, page, pages }: PagesProps & { page: number }) {
  const drawn = useStatementPage(uploadId, page);
  const onPage = rows.filter((r) => r.region?.row.page === page);
  const marked = onPage.filter((r) => breakRows.has(r.id)).length;
  if (drawn.isPending) return <p role="status">Drawing page {page}…</p>;
  if (drawn.isError) return <p className="check-page-note">{drawn.error.message}</p>;
  const alt = [
    `Page ${page} of ${pages} of the statement`,
    `${onPage.length} ${onPage.length === 1 ? 'row' : 'rows'} read outlined`,
    marked ? `${marked} printed ${marked === 1 ? 'balance' : 'balances'} the rows do not reach marked` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <figure className="check-page" style={{ aspectRatio: `${drawn.data.width} / ${drawn.data.height}` }}>
      <img src={drawn.data.image} alt={alt} width={drawn.data.width} height={drawn.data.height} />
      <div className="check-page-marks" aria-hidden="true">
        {onPage.map((row) => {
          const region = row.region!;
          const broken = breakRows.has(row.id);
          return (
            <div key={row.id}>
              <span
                className={[
                  'check-mark',
                  row.excluded ? 'check-mark-excluded' : '',
                  row.edited ? 'check-mark-edited' : '',
                  broken ? 'check-mark-break' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                style={place(pad(region.row))}
                data-row={row.id}
              />
              {broken && region.balance ? (
                <span className="check-mark-figure" style={place(pad(region.balance, 0.005))} />
              ) : null}
              {row.edited && region.amount ? (
                <span className="check-mark-changed" style={place(pad(region.amount, 0.005))} />
              ) : null}
            </div>
          );
        })}
      </div>
    </figure>
  );
}

function PageKey() {
  return (
    <ul className="check-page-key" aria-label="What the marks on the page mean">
      <li>
        <span className="check-key check-mark" aria-hidden="true" /> A row read
      </li>
      <li>
        <span className="check-key check-mark-figure" aria-hidden="true" /> A printed balance the rows do not
        reach
      </li>
      <li>
        <span className="check-key check-mark-changed" aria-hidden="true" /> An amount you changed
      </li>
    </ul>
  );
}
