// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CompanionTokenRefused } from '../../../src/app/shell/companionLink';
import { adminUser, defaultFeatures } from '../../../src/app/shell/fixtures';
import type { ShellFeatures } from '../../../src/app/shell/types';
import { UserMenu } from '../../../src/app/shell/UserMenu';

function renderMenu(issueCompanionToken: () => Promise<string>, features: ShellFeatures = defaultFeatures) {
  const openUrl = vi.fn();
  render(
    <MemoryRouter initialEntries={['/1402/members?page=2']}>
      <UserMenu user={adminUser} features={features} issueCompanionToken={issueCompanionToken} openUrl={openUrl} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: new RegExp(adminUser.name) }));
  return openUrl;
}

describe('the user menu link to the companion product', () => {
  it('asks for a single-use token on click and opens the companion product with it and the page to come back to', async () => {
    const issue = vi.fn(async () => 'single-use-token');
    const openUrl = renderMenu(issue);
    expect(issue).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'friendFilter' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledTimes(1));
    const opened = new URL(openUrl.mock.calls[0]![0]);
    expect(opened.origin + opened.pathname).toBe('https://friendfilter.example/auth/token/single-use-token');
    expect(opened.searchParams.get('back_url')).toBe(`${window.location.origin}/1402/members?page=2`);
    expect(issue).toHaveBeenCalledTimes(1);
  });

  it('says so and opens nothing when no token could be issued', async () => {
    const openUrl = renderMenu(() => Promise.reject(new Error('offline')));
    fireEvent.click(screen.getByRole('button', { name: 'friendFilter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('friendFilter could not be opened. Please try again.');
    expect(openUrl).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses a token, as to a supervisor switched into the user", async () => {
    const reason = 'Signed in as another user, you cannot change their payment details or open friendFilter as them: only they can.';
    const openUrl = renderMenu(() => Promise.reject(new CompanionTokenRefused(reason)));
    fireEvent.click(screen.getByRole('button', { name: 'friendFilter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(openUrl).not.toHaveBeenCalled();
  });

  it('is hidden when single sign-on is off or the companion product is not set', () => {
    renderMenu(async () => 'unused', { ...defaultFeatures, singleSignOn: false });
    expect(screen.queryByRole('button', { name: 'friendFilter' })).toBeNull();
  });
});
