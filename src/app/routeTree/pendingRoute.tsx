import type { RouteObject } from 'react-router-dom';
import { PendingPage } from '../../features/pending/PendingPage';

/** A route whose feature comes later: its title and an empty panel. */
export function pendingRoute(route: RouteObject & { title: string }): RouteObject {
  const { title, ...rest } = route;
  return { ...rest, element: <PendingPage title={title} /> } as RouteObject;
}
