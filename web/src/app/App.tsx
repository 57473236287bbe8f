import { type ReactNode, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { loadSignedIn } from '../auth/runtime-config';
import { FullScreenStatus } from '../components/FullScreenStatus';
import { Landing } from '../features/landing/Landing';
import { InviteCapture } from '../routes/InviteCapture';
import { PrivacyPolicy } from '../routes/PrivacyPolicy';
import { TermsOfService } from '../routes/TermsOfService';
import { overviewPage } from './overview-page';
import { PublicOnly } from './PublicOnly';
import { preloadable } from './preloadable';

/**
 * Route table (spec 1 §2): / (landing; signed in → /app), /login (signed in → /app), /privacy-policy and
 * /terms-of-service (public), /subscription/success|cancelled (signed in), /invite (keeps the
 * token, then /), /app/* (see AppGate), unknown top-level paths → /. Everything behind sign-in is one lazily
 * loaded chunk (auth, shell, onboarding, and the server state's cache: auth-routes); the landing page does not
 * load it.
 */
const authRoutes = () => loadSignedIn(() => import('./auth-routes'));
const AuthArea = preloadable(() => authRoutes().then((m) => m.AuthArea));
const Login = preloadable(() => authRoutes().then((m) => m.Login));
const AppGate = preloadable(() => authRoutes().then((m) => m.AppGate));
const SubscriptionReturn = preloadable(() => authRoutes().then((m) => m.SubscriptionReturn));

/**
 * A page load under /app by someone who (probably) is signed in: the signed-in code, and the overview's own
 * code when the overview is the page, start loading at once rather than once each is first rendered.
 */
export function preloadSignedInApp(pathname: string): void {
  if (!/^\/app(\/|$)/.test(pathname)) return;
  void AuthArea.preload().catch(() => undefined);
  void AppGate.preload().catch(() => undefined);
  if (pathname === '/app' || pathname === '/app/') void overviewPage.preload().catch(() => undefined);
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullScreenStatus>Loading Family Finance...</FullScreenStatus>}>{children}</Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <PublicOnly>
            <Landing />
          </PublicOnly>
        }
      />
      <Route path="/privacy-policy" element={<PrivacyPolicy />} />
      <Route path="/terms-of-service" element={<TermsOfService />} />
      <Route path="/invite/*" element={<InviteCapture />} />
      <Route
        element={
          <Loading>
            <AuthArea />
          </Loading>
        }
      >
        <Route
          path="/login"
          element={
            <Loading>
              <Login />
            </Loading>
          }
        />
        <Route
          path="/subscription/success"
          element={
            <Loading>
              <SubscriptionReturn outcome="success" />
            </Loading>
          }
        />
        <Route
          path="/subscription/cancelled"
          element={
            <Loading>
              <SubscriptionReturn outcome="cancelled" />
            </Loading>
          }
        />
        <Route
          path="/app/*"
          element={
            <Loading>
              <AppGate />
            </Loading>
          }
        />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
