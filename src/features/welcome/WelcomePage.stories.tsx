import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WelcomePage } from './WelcomePage';

const meta = {
  title: 'Welcome/WelcomePage',
  component: WelcomePage,
  args: { firstName: 'Nora', onContinue: fn() },
} satisfies Meta<typeof WelcomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Welcome to xFilter, Nora!' })).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Continue' }));
    await expect(args.onContinue).toHaveBeenCalledOnce();
  },
};
