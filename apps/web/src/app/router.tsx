import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import { loadChunk } from '../lib/load-chunk';
import { RequireSignedIn, RequireSignedOut, RequireTokenParam } from './guards';
import { NotFoundPage } from './not-found';
import { paths } from '../lib/paths';
import { RouteError } from './route-error';

/**
 * Exact routes (spec §2), each screen its own chunk: signing in loads only the login screen.
 * A route is registered here when its screen is built.
 */
export const routes: RouteObject[] = [
  {
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
          {
            path: paths.login,
            lazy: () =>
              loadChunk(() => import('../features/auth/login-page')).then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: paths.forgotPassword,
            lazy: () =>
              loadChunk(() => import('../features/account/forgot-password-page')).then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          // Token-carrying links from e-mails: to /login without a token (spec §2).
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
        ],
      },
      {
        element: (
          <RequireSignedIn>
            <Outlet />
          </RequireSignedIn>
        ),
        children: [
          {
            lazy: () => loadChunk(() => import('./shell/layout')).then((m) => ({ Component: m.ShellLayout })),
            children: [
              {
                path: paths.home,
                lazy: () =>
                  loadChunk(() => import('../features/home/home-page')).then((m) => ({ Component: m.HomePage })),
              },
              {
                path: paths.userList,
                lazy: () =>
                  loadChunk(() => import('../features/users/user-list-page')).then((m) => ({
                    Component: m.UserListPage,
                  })),
              },
              {
                path: paths.addUser,
                lazy: () =>
                  loadChunk(() => import('../features/users/add-user-page')).then((m) => ({
                    Component: m.AddUserPage,
                  })),
              },
              {
                path: paths.updateUser,
                lazy: () =>
                  loadChunk(() => import('../features/users/update-user-page')).then((m) => ({
                    Component: m.UpdateUserPage,
                  })),
              },
              {
                path: paths.userDetails,
                lazy: () =>
                  loadChunk(() => import('../features/users/user-details-page')).then((m) => ({
                    Component: m.UserDetailsPage,
                  })),
              },
              {
                path: paths.cardList,
                lazy: () =>
                  loadChunk(() => import('../features/gift-cards/card-list-page')).then((m) => ({
                    Component: m.CardListPage,
                  })),
              },
              {
                path: paths.addCard,
                lazy: () =>
                  loadChunk(() => import('../features/gift-cards/add-card-page')).then((m) => ({
                    Component: m.AddCardPage,
                  })),
              },
              {
                path: paths.updateCard,
                lazy: () =>
                  loadChunk(() => import('../features/gift-cards/update-card-page')).then((m) => ({
                    Component: m.UpdateCardPage,
                  })),
              },
              {
                path: paths.addMultipleCard,
                lazy: () =>
                  loadChunk(() => import('../features/gift-cards/add-multiple-cards-page')).then((m) => ({
                    Component: m.AddMultipleCardsPage,
                  })),
              },
              {
                path: paths.profile,
                lazy: () =>
                  loadChunk(() => import('../features/profile/profile-page')).then((m) => ({
                    Component: m.ProfilePage,
                  })),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
