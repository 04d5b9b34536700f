import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SignInAsDialog } from './SignInAsDialog';
import type { SignInAsTools, UserMatch } from './types';

const people: UserMatch[] = [
  { id: 11, name: 'Ada Admin', description: 'ada.admin@example.com' },
  { id: 12, name: 'Adam Adams', description: 'adam@example.com' },
];

function toolsFinding(matches: UserMatch[] | Error): SignInAsTools {
  return {
    searchUsers: fn(async () => {
      if (matches instanceof Error) throw matches;
      return matches;
    }),
    signInAs: fn(),
  };
}

const meta = {
  title: 'App/Shell/SignInAsDialog',
  component: SignInAsDialog,
  args: { visible: true, onHide: fn(), tools: toolsFinding(people) },
} satisfies Meta<typeof SignInAsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingChosen: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Sign in' })).toBeDisabled();
  },
};

export const UserChosen: Story = {
  args: { tools: toolsFinding(people) },
  play: async ({ args }) => {
    await userEvent.type(await screen.findByLabelText('User (name or email)'), 'ada');
    await userEvent.click(await screen.findByText('Ada Admin'));
    const confirm = await screen.findByRole('button', { name: 'Sign in as Ada Admin' });
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await expect(args.tools.signInAs).toHaveBeenCalledWith(people[0]);
    await expect(args.onHide).toHaveBeenCalled();
  },
};

export const SearchFailed: Story = {
  args: { tools: toolsFinding(new Error('offline')) },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('User (name or email)'), 'ada');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The user search failed; try again.'));
  },
};
