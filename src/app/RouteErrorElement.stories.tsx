import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SessionUnavailableError } from './loaders/sessionGate';
import { RouteErrorElement } from './RouteErrorElement';

function FailedNavigation({ error }: { error: Error }) {
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      element: null,
      hydrateFallbackElement: <p>Opening the page…</p>,
      errorElement: <RouteErrorElement standalone />,
    },
  ]);
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'App/RouteErrorElement',
  component: FailedNavigation,
} satisfies Meta<typeof FailedNavigation>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NavigationFailed: Story = {
  args: { error: new Error('the page data could not be loaded') },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'This page could not be opened' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  },
};

export const ServerUnavailable: Story = {
  args: { error: new SessionUnavailableError() },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'The xFilter server is not available' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
