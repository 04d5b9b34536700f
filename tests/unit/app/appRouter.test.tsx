// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createAppRoutes } from '../../../src/app/createAppRouter';
import { AppProviders } from '../../../src/app/providers';

const STATUS = { app_version: '1.2.0', robot_version: '2.4.0', sandbox: true };

type Answer = () => Promise<Response>;

const answers = {
  status: (): Promise<Response> =>
    Promise.resolve(new Response(JSON.stringify(STATUS), { headers: { 'Content-Type': 'application/json' } })),
  unreachable: (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')),
  badGateway: (): Promise<Response> => Promise.resolve(new Response('Bad Gateway', { status: 502 })),
};

/** A server whose next answers the test queues up; a queued promise it does not settle keeps a request pending. */
function renderApp(path: string, queued: Answer[]) {
  const api = createApiClient({
    baseUrl: 'http://xfilter.test/api/v1',
    fetch: () => (queued.shift() ?? answers.status)(),
  });
  const router = createMemoryRouter(createAppRoutes({ api, runningAppVersion: '1.2.0' }), { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the app router', () => {
  afterEach(cleanup);

  it('shows the product name and the server status on the home page', async () => {
    renderApp('/', [answers.status]);
    expect(screen.getByRole('heading', { name: 'xFilter' })).toBeInTheDocument();
    expect(await screen.findByText('Sandbox')).toBeInTheDocument();
    expect(screen.getByText('2.4.0')).toBeInTheDocument();
    expect(screen.getByText('This page runs xFilter 1.2.0.')).toBeInTheDocument();
  });

  it('shows the loading state while the status is on its way', async () => {
    renderApp('/', [() => new Promise<Response>(() => {})]);
    expect(await screen.findByLabelText('Loading the server status')).toHaveAttribute('aria-busy', 'true');
  });

  it('says when the server cannot be reached, and tries again on request with the top bar showing', async () => {
    let answerRetry: (response: Response) => void = () => {};
    renderApp('/', [answers.unreachable, () => new Promise<Response>((resolve) => (answerRetry = resolve))]);
    expect(await screen.findByText('The xFilter server is not available.')).toBeInTheDocument();
    expect(screen.getByText(/^It did not answer\./)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();

    await act(async () => answerRetry(await answers.status()));
    expect(await screen.findByText('Sandbox')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading the page' })).not.toBeInTheDocument();
  });

  it('names the HTTP status when the server answers with an error', async () => {
    renderApp('/', [answers.badGateway]);
    expect(await screen.findByText(/^It answered with HTTP 502\./)).toBeInTheDocument();
  });

  it('sends unknown paths home', async () => {
    const router = renderApp('/no/such/page', [answers.status]);
    expect(await screen.findByText('Sandbox')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
