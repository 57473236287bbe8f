import { lazy, type ReactNode } from 'react';

// Each page is its own chunk, loaded when it is first opened: the app's first load carries the shell only.
const UploadPage = lazy(() =>
  import('../features/upload/UploadPage').then((m) => ({ default: m.UploadPage })),
);
const AnalyticsPage = lazy(() =>
  import('../features/analytics/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
);
const AccountTypesPage = lazy(() =>
  import('../features/account-types/AccountTypesPage').then((m) => ({ default: m.AccountTypesPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const MembersPage = lazy(() =>
  import('../features/members/MembersPage').then((m) => ({ default: m.MembersPage })),
);
const SpendingPage = lazy(() =>
  import('../features/spending/SpendingPage').then((m) => ({ default: m.SpendingPage })),
);
const AccountSetupPage = lazy(() =>
  import('../features/accounts/AccountSetupPage').then((m) => ({ default: m.AccountSetupPage })),
);
const ReviewPage = lazy(() =>
  import('../features/review/ReviewPage').then((m) => ({ default: m.ReviewPage })),
);
const CleanupPage = lazy(() =>
  import('../features/cleanup/CleanupPage').then((m) => ({ default: m.CleanupPage })),
);
const FlowPage = lazy(() => import('../features/flow/FlowPage').then((m) => ({ default: m.FlowPage })));
const BillsPage = lazy(() => import('../features/bills/BillsPage').then((m) => ({ default: m.BillsPage })));
const MatchingPage = lazy(() =>
  import('../features/matching/MatchingPage').then((m) => ({ default: m.MatchingPage })),
);

/**
 * The pages of the app shell under /app (spec 1 §2 /app/*). The sidebar, the routes and the overview's
 * "next steps" are built from this list only, so there is never a link to a page that does not exist: add a
 * page here when it is built. The overview (/app, 'Family Overview') is always there.
 *
 * Built: Dashboards — accounts 'Account Types', flow 'Transaction Flow', analytics 'Analytics', spending
 * 'Spend by Category', bills 'Bills & Regular Payments', members 'Family Members', profile 'Profile'; Setup & Tools — setup/upload 'File
 * Upload', setup/accounts 'Account Setup', setup/matching 'Cross-Account Matching', setup/classification 'AI
 * Classification', setup/cleanup 'Data Cleanup'. Every page of the spec is built.
 */
export type NavGroup = 'Dashboards' | 'Setup & Tools';

export interface AppPage {
  /** Path under /app, e.g. 'setup/upload'. */
  path: string;
  label: string;
  group: NavGroup;
  element: ReactNode;
  /**
   * A call to action on the overview page, e.g. 'Upload a bank statement'; `order` places it among the others
   * (lowest first: a new family starts by uploading a statement).
   */
  nextStep?: { title: string; description: string; order: number };
}

export const APP_PAGES: AppPage[] = [
  {
    path: 'accounts',
    label: 'Account Types',
    group: 'Dashboards',
    element: <AccountTypesPage />,
  },
  {
    path: 'flow',
    label: 'Transaction Flow',
    group: 'Dashboards',
    element: <FlowPage />,
    nextStep: {
      title: 'Check how your transactions are counted',
      order: 4,
      description: 'Correct a transaction’s type once and later statements follow it.',
    },
  },
  {
    path: 'analytics',
    label: 'Analytics',
    group: 'Dashboards',
    element: <AnalyticsPage />,
  },
  {
    path: 'members',
    label: 'Family Members',
    group: 'Dashboards',
    element: <MembersPage />,
    nextStep: {
      title: 'Invite your family',
      order: 3,
      description: 'Add the people you share money with: each gets an e-mail invitation to join this family.',
    },
  },
  {
    path: 'spending',
    label: 'Spend by Category',
    group: 'Dashboards',
    element: <SpendingPage />,
  },
  {
    path: 'bills',
    label: 'Bills & Regular Payments',
    group: 'Dashboards',
    element: <BillsPage />,
  },
  {
    path: 'setup/upload',
    label: 'File Upload',
    group: 'Setup & Tools',
    element: <UploadPage />,
    nextStep: {
      title: 'Upload a bank statement',
      order: 1,
      description: 'Add PDF statements: each one is read, classified and matched with your other accounts.',
    },
  },
  {
    path: 'setup/accounts',
    label: 'Account Setup',
    group: 'Setup & Tools',
    element: <AccountSetupPage />,
    nextStep: {
      title: 'Check your accounts',
      order: 2,
      description:
        'Add an account you missed, rename or archive one, and see the statements uploaded to each.',
    },
  },
  {
    path: 'setup/matching',
    label: 'Cross-Account Matching',
    group: 'Setup & Tools',
    element: <MatchingPage />,
    nextStep: {
      title: 'Review transfers between your accounts',
      order: 5,
      description:
        'Accept or reject the transfers found between your own accounts, so they are not counted twice.',
    },
  },
  {
    path: 'setup/classification',
    label: 'AI Classification',
    group: 'Setup & Tools',
    element: <ReviewPage />,
    nextStep: {
      title: 'Review your transactions',
      order: 6,
      description: 'Verify your account data and classify the transactions no rule could place.',
    },
  },
  {
    path: 'setup/cleanup',
    label: 'Data Cleanup',
    group: 'Setup & Tools',
    element: <CleanupPage />,
  },
  // Last of 'Dashboards' in the sidebar (spec 1 §2).
  { path: 'profile', label: 'Profile', group: 'Dashboards', element: <ProfilePage /> },
];

export const PROFILE_PATH = 'profile';
export const hasPage = (path: string, pages: readonly AppPage[] = APP_PAGES) =>
  pages.some((p) => p.path === path);
