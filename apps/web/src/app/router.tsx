import { useMemo, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import { type Importer, importer, loadChunk } from '../lib/load-chunk';
import { NavigationProvider } from '../lib/navigation';
import { importFirstCalls, RequirePageAccess, RequireSignedIn, RequireSignedOut, RequireTokenParam } from './guards';
import { NotFoundPage } from './not-found';
import { paths } from '../lib/paths';
import { RouteError } from './route-error';

/** A route whose screen is its own chunk (loaded with loadChunk's retry and 120 s limit). */
function screen<M>(path: string, load: (() => Promise<M>) | Importer<M>, pick: (m: M) => ComponentType): RouteObject {
  const code = 'loaded' in load ? load : importer(load);
  return { path, lazy: () => loadChunk(code).then((m) => ({ Component: pick(m) })) };
}

/** The routes below use TanStack Query, loaded with them (its own chunk: /login does without). */
function withQuery(children: RouteObject[]): RouteObject {
  return {
    lazy: () => loadChunk(importQueryLayer).then((m) => ({ Component: m.QueryLayer })),
    children,
  };
}

const importQueryLayer = importer(() => import('./query-layer'));
const importShell = importer(() => import('./shell/layout'));
const importHome = importer(() => import('../features/dashboard/dashboard-page'));
const importLogin = importer(() => import('../features/auth/login-page'));

let warming = false;
/**
 * The signed-in screens' code (the query layer, the shell, Home, and the first calls started at the
 * sign-in: app/first-calls.ts), fetched while the administrator types on the sign-in form, so that
 * after the sign-in the router finds it ready instead of fetching it then
 * (docs/decisions/0019-portal-loading.md). Not on opening /login: a visit that does not sign in
 * costs nothing more. A failure is left to the routes, which load it again themselves and show it
 * with a retry. On login.html, its own entry (src/sign-in.tsx) fetches the router's code on the
 * first input and then calls this, so that these importers hold the code (and the sign-in
 * screen's, which that page loaded itself) when the router takes over.
 */
export function warmSignedIn(): void {
  if (warming) return;
  warming = true;
  Promise.all([importQueryLayer(), importShell(), importHome(), importFirstCalls(), importLogin()]).catch(() => {
    warming = false;
  });
}

/** The sign-in screen's moves (lib/navigation) made by the router, as its Link would. */
function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useMemo(() => ({ navigate: (to: string) => void navigate(to) }), [navigate]);
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}

const pages = new Set<string>(Object.values(paths));

/**
 * Routes are exact (docs/behaviour.md §2): the router alone would take `/user-list/` or
 * `/USER-LIST` for `/user-list` and draw that screen with nothing lit in the sidebar. Any path
 * that is not one of the portal's pages, letter for letter, is the 404 page, signed in or not
 * (the server answers those paths 404 too).
 */
function ExactPaths() {
  const { pathname } = useLocation();
  return pages.has(pathname) ? <Outlet /> : <NotFoundPage />;
}

/** The screens inside the signed-in shell. */
const shellScreens: RouteObject[] = [
  screen(paths.home, importHome, (m) => m.DashboardPage),
  screen(
    paths.userList,
    () => import('../features/users/user-list-page'),
    (m) => m.UserListPage,
  ),
  screen(
    paths.addUser,
    () => import('../features/users/add-user-page'),
    (m) => m.AddUserPage,
  ),
  screen(
    paths.updateUser,
    () => import('../features/users/update-user-page'),
    (m) => m.UpdateUserPage,
  ),
  screen(
    paths.userDetails,
    () => import('../features/users/user-details-page'),
    (m) => m.UserDetailsPage,
  ),
  screen(
    paths.cardList,
    () => import('../features/gift-cards/card-list-page'),
    (m) => m.CardListPage,
  ),
  screen(
    paths.addCard,
    () => import('../features/gift-cards/add-card-page'),
    (m) => m.AddCardPage,
  ),
  screen(
    paths.updateCard,
    () => import('../features/gift-cards/update-card-page'),
    (m) => m.UpdateCardPage,
  ),
  screen(
    paths.addMultipleCard,
    () => import('../features/gift-cards/add-multiple-cards-page'),
    (m) => m.AddMultipleCardsPage,
  ),
  screen(
    paths.quizList,
    () => import('../features/quiz/quiz-list-page'),
    (m) => m.QuizListPage,
  ),
  screen(
    paths.addQuiz,
    () => import('../features/quiz/add-quiz-page'),
    (m) => m.AddQuizPage,
  ),
  screen(
    paths.updateQuiz,
    () => import('../features/quiz/update-quiz-page'),
    (m) => m.UpdateQuizPage,
  ),
  screen(
    paths.boxList,
    () => import('../features/gift-boxes/box-list-page'),
    (m) => m.BoxListPage,
  ),
  screen(
    paths.addBox,
    () => import('../features/gift-boxes/add-box-page'),
    (m) => m.AddBoxPage,
  ),
  screen(
    paths.updateBox,
    () => import('../features/gift-boxes/update-box-page'),
    (m) => m.UpdateBoxPage,
  ),
  screen(
    paths.addBoxManual,
    () => import('../features/gift-boxes/add-box-manual-page'),
    (m) => m.AddBoxManualPage,
  ),
  screen(
    paths.notificationList,
    () => import('../features/notifications/notification-list-page'),
    (m) => m.NotificationListPage,
  ),
  screen(
    paths.addNotification,
    () => import('../features/notifications/add-notification-page'),
    (m) => m.AddNotificationPage,
  ),
  screen(
    paths.queryList,
    () => import('../features/complaints/complaint-list-page'),
    (m) => m.ComplaintListPage,
  ),
  screen(
    paths.queryDetails,
    () => import('../features/complaints/complaint-details-page'),
    (m) => m.ComplaintDetailsPage,
  ),
  screen(
    paths.activity,
    () => import('../features/activity/activity-page'),
    (m) => m.ActivityPage,
  ),
  screen(
    paths.profile,
    () => import('../features/profile/profile-page'),
    (m) => m.ProfilePage,
  ),
];

/**
 * Exact routes (docs/behaviour.md §2), each screen its own chunk: signing in loads only the login screen.
 * A route is registered here when its screen is built.
 */
export const routes: RouteObject[] = [
  {
    element: <ExactPaths />,
    errorElement: <RouteError />,
    // While the first screen's chunk loads: a spinner, not a blank page.
    hydrateFallbackElement: (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading" />
      </div>
    ),
    children: [
      {
        element: (
          <RequireSignedOut>
            <Outlet />
          </RequireSignedOut>
        ),
        children: [
          screen(
            paths.login,
            importLogin,
            ({ LoginPage }) =>
              function SignIn() {
                return (
                  <RouterNavigation>
                    <LoginPage onTyping={warmSignedIn} />
                  </RouterNavigation>
                );
              },
          ),
          // The sign-in screen runs without TanStack Query (its chunk stays off /login).
          withQuery([
            screen(
              paths.forgotPassword,
              () => import('../features/account/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
            // Token-carrying links from e-mails: to /login without a token (docs/behaviour.md §2).
            {
              path: paths.verifyAccount,
              element: (
                <RequireTokenParam>
                  <Outlet />
                </RequireTokenParam>
              ),
              children: [
                {
                  index: true,
                  lazy: () =>
                    loadChunk(() => import('../features/account/verify-account-page')).then((m) => ({
                      Component: m.VerifyAccountPage,
                    })),
                },
              ],
            },
            {
              path: paths.resetPassword,
              element: (
                <RequireTokenParam>
                  <Outlet />
                </RequireTokenParam>
              ),
              children: [
                {
                  index: true,
                  lazy: () =>
                    loadChunk(() => import('../features/account/reset-password-page')).then((m) => ({
                      Component: m.ResetPasswordPage,
                    })),
                },
              ],
            },
          ]),
        ],
      },
      {
        element: (
          <RequireSignedIn>
            <Outlet />
          </RequireSignedIn>
        ),
        children: [
          withQuery([
            {
              lazy: () => loadChunk(importShell).then((m) => ({ Component: m.ShellLayout })),
              children: [
                {
                  // A screen that throws (or whose code fails to load) shows its error panel in the
                  // shell's content area: the sidebar and top bar stay, and moving to another screen recovers.
                  errorElement: <RouteError />,
                  // Each screen needs its permission (the contract's pagePermissions): else "not allowed".
                  element: (
                    <RequirePageAccess>
                      <Outlet />
                    </RequirePageAccess>
                  ),
                  children: shellScreens,
                },
              ],
            },
          ]),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
