// The sandbox's Connect page (GET /api/v1/sandbox/payments/connect): completing onboarding tells the
// server (POST /api/v1/sandbox/payments/connect/complete) and then opens the group's connections
// page with a full page load, as the provider's own page would.
const page = document.querySelector('main[data-group-id]');
const button = document.getElementById('connect-complete');
const status = document.getElementById('connect-status');

/** Only an address of this site: anything else goes home. */
function sameSite(value) {
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? url.href : '/';
  } catch {
    return '/';
  }
}

button.addEventListener('click', async () => {
  button.disabled = true;
  status.textContent = 'Completing onboarding…';
  try {
    const response = await fetch('/api/v1/sandbox/payments/connect/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ group_id: Number(page.dataset.groupId), state: page.dataset.state }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer?.error?.message ?? `The server answered ${response.status}`);
    status.textContent = 'Onboarding completed. Taking you back to xFilter…';
    window.location.assign(sameSite(answer.return_url));
  } catch (error) {
    status.textContent = `Error: ${error instanceof Error ? error.message : String(error)}`;
    button.disabled = false;
  }
});
