import { useEffect } from 'react';
import { Link, useRevalidator, useRouteError } from 'react-router-dom';
import { Button } from 'primereact/button';
import { SessionUnavailableError } from './loaders/sessionGate';
import { pathTo } from './routes';

export interface RouteErrorElementProps {
  /** Outside the shell the notice is the page's main content. */
  standalone?: boolean;
}

/** A failed navigation is logged, not thrown at the user: they get a way back home or a retry. */
export function RouteErrorElement({ standalone = false }: RouteErrorElementProps) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  useEffect(() => {
    console.warn('Navigation failed:', error);
  }, [error]);
  const serverDown = error instanceof SessionUnavailableError;
  const notice = (
    <section className="page-notice" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{serverDown ? 'The xFilter server is not available' : 'This page could not be opened'}</h1>
      {serverDown ? (
        <>
          <p>Your session could not be restored because the server did not answer. Check that it is running, then try again.</p>
          <Button label="Try again" icon="pi pi-refresh" loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()} />
        </>
      ) : (
        <>
          <p>Something went wrong while opening it. The home page still works.</p>
          <Link to={pathTo('home')} className="p-button p-component">
            Go to the home page
          </Link>
        </>
      )}
    </section>
  );
  return standalone ? <main className="app-main">{notice}</main> : notice;
}
