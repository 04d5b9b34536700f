import type { RouteObject } from 'react-router-dom';
import { lazyElement } from './pages';

/** A route whose feature comes later: its title and an empty panel. */
export function pendingRoute(route: RouteObject & { title: string }): RouteObject {
  const { title, ...rest } = route;
  return { ...rest, ...lazyElement('pending', ({ PendingPage }) => <PendingPage title={title} />) } as RouteObject;
}
