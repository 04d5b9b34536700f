import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SupportForm } from './SupportForm';
import { validateSupportDraft } from './supportForm';

const filled = {
  subject: 'Cancel my subscription',
  message: 'Please cancel the monthly plan of Vintage Film Camera Swap at the end of this period.',
  email: 'ada.admin@example.com',
};
const invalid = { subject: '', message: '', email: 'ada.admin@' };

const meta = {
  title: 'Support/SupportForm',
  component: SupportForm,
  args: {
    draft: { subject: '', message: '', email: 'ada.admin@example.com' },
    errors: {},
    status: 'editing',
    failure: null,
    onChange: fn(),
    onSubmit: fn(),
    onWriteAnother: fn(),
  },
} satisfies Meta<typeof SupportForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByLabelText('Your email')).toHaveValue('ada.admin@example.com');
    await userEvent.click(page.getByRole('button', { name: 'Send' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

export const Invalid: Story = {
  args: { draft: invalid, errors: validateSupportDraft(invalid) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Please enter a subject.')).toBeVisible();
    await expect(page.getByText('Please tell us how we can help.')).toBeVisible();
    await expect(page.getByLabelText('Your email')).toHaveAccessibleDescription('Please Enter Valid Email');
  },
};

export const Sending: Story = {
  args: { draft: filled, status: 'sending' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(page.getByLabelText('Message')).toBeDisabled();
  },
};

export const Sent: Story = {
  args: { draft: filled, status: 'sent' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Thank you, your request is on its way.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { draft: filled, status: 'failed', failure: 'The server answered with HTTP 502.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Your request was not sent. The server answered with HTTP 502.')).toBeVisible();
  },
};
