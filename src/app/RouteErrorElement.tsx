import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';

/** A failed navigation is logged, not thrown at the user: they get a way back home. */
export function RouteErrorElement() {
  const error = useRouteError();
  useEffect(() => {
    console.warn('Navigation failed:', error);
  }, [error]);
  return (
    <section className="page-notice" aria-labelledby="route-error-title">
      <h1 id="route-error-title">This page could not be opened</h1>
      <p>Something went wrong while opening it. The home page still works.</p>
      <Link to="/" className="p-button p-component">
        Go to the home page
      </Link>
    </section>
  );
}
