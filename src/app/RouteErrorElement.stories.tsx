import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RouteErrorElement } from './RouteErrorElement';

function FailedNavigation() {
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw new Error('the page data could not be loaded');
      },
      element: null,
      hydrateFallbackElement: <p>Opening the page…</p>,
      errorElement: <RouteErrorElement />,
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
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'This page could not be opened' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  },
};
