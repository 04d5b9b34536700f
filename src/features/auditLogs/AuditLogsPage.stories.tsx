import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DEFAULT_AUDIT_LOG_FILTERS } from './auditLogFilters';
import { AuditLogsPage } from './AuditLogsPage';
import { sampleAuditLogs, sampleMembers } from './fixtures';

const meta = {
  title: 'AuditLogs/AuditLogsPage',
  component: AuditLogsPage,
  args: {
    filters: DEFAULT_AUDIT_LOG_FILTERS,
    result: { kind: 'loaded', logs: sampleAuditLogs, count: 64, kinds: ['sign_in', 'member_role_updated', 'members_scan', 'members_whitelisted'] },
    kindsInLog: ['sign_in', 'member_role_updated', 'members_scan', 'members_whitelisted'],
    selectedMember: null,
    memberSuggestions: [],
    onMemberSearch: fn(),
    onMemberChange: fn(),
    onKindsChange: fn(),
    onReset: fn(),
    onPageChange: fn(),
    zone: 'utc',
  },
} satisfies Meta<typeof AuditLogsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRecords: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('columnheader', { name: 'Date' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Event' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Member' })).toBeVisible();
    await expect(page.getByText('Sign In via 203.0.113.9')).toBeVisible();
    await expect(page.getByText('Member Role Updated: role from subscriber to admin')).toBeVisible();
    await expect(page.getByText('Mar 1st 2026 3:05 PM')).toHaveAttribute('title', '2026-03-01 15:05:00 UTC');
    await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();
    await userEvent.click(page.getByLabelText('Members Scan'));
    await expect(args.onKindsChange).toHaveBeenCalledWith(['members_scan']);
  },
};

export const Filtered: Story = {
  args: {
    filters: { ...DEFAULT_AUDIT_LOG_FILTERS, kinds: ['members_whitelisted'], memberId: 11 },
    selectedMember: sampleMembers[0]!,
    result: { kind: 'loaded', logs: [sampleAuditLogs[3]!], count: 1, kinds: ['sign_in', 'member_role_updated', 'members_scan', 'members_whitelisted'] },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByLabelText('Members Whitelisted')).toBeChecked();
    await userEvent.click(page.getByRole('button', { name: 'Stop filtering by Ada Runner' }));
    await expect(args.onMemberChange).toHaveBeenCalledWith(null);
    await userEvent.click(page.getByRole('button', { name: 'Reset' }));
    await expect(args.onReset).toHaveBeenCalled();
  },
};

export const MemberTypeahead: Story = {
  args: { memberSuggestions: sampleMembers },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByLabelText('Member'), 'Ad');
    await expect(args.onMemberSearch).not.toHaveBeenCalled();
    await userEvent.type(page.getByLabelText('Member'), 'a');
    await waitFor(() => expect(args.onMemberSearch).toHaveBeenCalledWith('Ada'));
  },
};

export const Loading: Story = {
  args: { result: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the log…');
  },
};

export const Empty: Story = {
  args: { result: { kind: 'loaded', logs: [], count: 0, kinds: [] }, kindsInLog: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No records found.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { result: { kind: 'failed', reason: 'The server answered with HTTP 501.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/The log could not be loaded\. The server answered with HTTP 501\./)).toBeVisible();
  },
};
