import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * Every page's code (its view and, for the group pages, what loads its data), fetched the first
 * time a route needs it, so that a visitor on the login page does not download the group pages and
 * their libraries. Each key is one chunk of the build; the size budgets (scripts/size-limit-routes.ts)
 * name the chunks each route loads by these keys.
 */
export const pages = {
  publicLayout: () => import('../PublicLayout'),
  login: () => import('../../features/auth/LoginRoute'),
  sandboxSignIn: () => import('../../features/auth/SandboxSignInRoute'),
  banned: () => import('../../features/auth/BannedRoute'),
  signedInLayout: () => import('../SignedInLayout'),
  lab: () => import('../../features/lab/LabModal'),
  welcome: () => import('../../features/welcome/WelcomeRoute'),
  support: () => import('../../features/support/SupportRoute'),
  account: () => import('../../features/account/AccountRoute'),
  affiliates: () => import('../../features/affiliates/AffiliatesRoute'),
  onboarding: () => import('../../features/onboarding/OnboardingRoute'),
  dashboard: () => import('../../features/dashboard/DashboardRoute'),
  dashboardData: () => import('../../features/dashboard/dashboardLoader'),
  members: () => import('../../features/members/MembersRoute'),
  posts: () => import('../../features/posts/PostsRoute'),
  postsData: () => import('../../features/posts/postsLoader'),
  auditLogs: () => import('../../features/auditLogs/AuditLogsRoute'),
  auditLogsData: () => import('../../features/auditLogs/auditLogsLoader'),
  permissions: () => import('../../features/permissions/PermissionsRoute'),
  connections: () => import('../../features/connections/ConnectionsRoute'),
  matchReview: () => import('../../features/matchReview/MatchReview'),
  settings: () => import('../../features/settings/SettingsRoute'),
  purchase: () => import('../../features/purchase/PurchaseRoute'),
  changeCard: () => import('../../features/changeCard/ChangeCardRoute'),
  changeCardData: () => import('../../features/changeCard/cardGroup'),
  superadminLayout: () => import('../../features/superadmin/SuperadminLayout'),
  superadminRouteTable: () => import('./superadminPages'),
};

export type PageName = keyof typeof pages;

/**
 * A route whose element comes from a page's chunk. The router fetches the chunk when the route
 * matches, while the route's own loader, which stays in the route table, runs beside it.
 */
export function lazyElement<Page extends PageName>(
  page: Page,
  render: (module: Awaited<ReturnType<(typeof pages)[Page]>>) => ReactNode,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render((await pages[page]()) as Awaited<ReturnType<(typeof pages)[Page]>>) }) };
}
