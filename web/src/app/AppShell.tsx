import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTransactionEvents } from '../api/useTransactionEvents';
import type { AuthUser } from '../auth/auth-context';
import { sendSignedInFeedback } from '../features/feedback/app-api';
import { FeedbackWidget } from '../features/feedback/FeedbackWidget';
import { reportSignIn } from '../features/landing/analytics';
import { SubscriptionPanel } from '../features/subscription/SubscriptionPanel';
import { TrialBanner } from '../features/subscription/TrialBanner';
import { WelcomeTourWhenDue } from '../features/tour/WelcomeTourWhenDue';
import { AppHeader } from './AppHeader';
import { markFirstContentPainted, useAfterPaint } from './after-paint';
import { overviewPage } from './overview-page';
import { APP_PAGES, type AppPage } from './pages';
import { SidebarNav } from './SidebarNav';
import './app-shell.css';

/** The overview (/app) is its own chunk too, loaded alongside the shell on a page load at /app. */
const FamilyOverview = overviewPage;

/** The kit's demo pages (not in the sidebar; reached by their address): each its own lazily loaded chunk. */
const MapColumnsPage = lazy(() =>
  import('../features/mapping/MapColumnsPage').then((m) => ({ default: m.MapColumnsPage })),
);
const CheckStatementPage = lazy(() =>
  import('../features/check/CheckStatementPage').then((m) => ({ default: m.CheckStatementPage })),
);
const DsDemo = lazy(() => import('../features/dev/DsDemo').then((m) => ({ default: m.DsDemo })));
const MigrationComparison = lazy(() =>
  import('../features/dev/MigrationComparison').then((m) => ({ default: m.MigrationComparison })),
);

function LazyPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p role="status">Loading...</p>}>{children}</Suspense>;
}

/**
 * The app shell (spec 1 §2): header, a collapsible sidebar (a drawer on phones) and the pages under /app.
 * Unknown paths under /app go to /app; /app/dev/ds-demo and /app/dev/migration-comparison show the UI kit. Every transaction list reloads on 'transactions-uploaded' and
 * 'transactions-updated'.
 */
export function AppShell({ user, pages = APP_PAGES }: { user: AuthUser; pages?: readonly AppPage[] }) {
  const sidebarId = useId();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const accountButton = useRef<HTMLButtonElement>(null);
  const openedFromMenu = useRef(false);
  const onFeedbackChange = (open: boolean) => {
    setFeedbackOpen(open);
    // Opened from the account menu: back to its button once the form has closed.
    if (!open && openedFromMenu.current) setTimeout(() => accountButton.current?.focus(), 0);
    if (!open) openedFromMenu.current = false;
  };
  useTransactionEvents();
  // The overview says when its figures have been painted; any other page's first content is the shell's.
  const { pathname } = useLocation();
  const shellPainted = useAfterPaint(!/^\/app\/?$/.test(pathname));
  useEffect(() => {
    if (shellPainted) markFirstContentPainted();
  }, [shellPainted]);
  // A sign-in that follows a call to action on the landing page is that page's A/B conversion.
  useEffect(() => reportSignIn(), []);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <AppHeader
        user={user}
        pages={pages}
        sidebarId={sidebarId}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        onFeedback={() => {
          openedFromMenu.current = true;
          setFeedbackOpen(true);
        }}
        accountButtonRef={accountButton}
      />
      <TrialBanner userId={user.userId} />
      <div className="app-body">
        <aside id={sidebarId} className="app-sidebar" hidden={!sidebarOpen}>
          <SidebarNav pages={pages} />
          <SubscriptionPanel userId={user.userId} />
        </aside>
        <main id="main-content" className="app-main" tabIndex={-1}>
          <Routes>
            <Route
              index
              element={
                <LazyPage>
                  <FamilyOverview pages={pages} />
                </LazyPage>
              }
            />
            {pages.map((page) => (
              <Route key={page.path} path={page.path} element={<LazyPage>{page.element}</LazyPage>} />
            ))}
            <Route
              path="setup/upload/map/:uploadId"
              element={
                <LazyPage>
                  <MapColumnsPage />
                </LazyPage>
              }
            />
            <Route
              path="setup/upload/check/:uploadId"
              element={
                <LazyPage>
                  <CheckStatementPage />
                </LazyPage>
              }
            />
            <Route
              path="dev/ds-demo"
              element={
                <LazyPage>
                  <DsDemo />
                </LazyPage>
              }
            />
            <Route
              path="dev/migration-comparison"
              element={
                <LazyPage>
                  <MigrationComparison />
                </LazyPage>
              }
            />
            <Route path="*" element={<Navigate to="/app" replace />} />
          </Routes>
        </main>
      </div>
      <FeedbackWidget send={sendSignedInFeedback} open={feedbackOpen} onOpenChange={onFeedbackChange} />
      <WelcomeTourWhenDue />
    </div>
  );
}
