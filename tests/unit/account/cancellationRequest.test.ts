import { describe, expect, it } from 'vitest';
import { CANCELLATION_REQUEST, cancellationRequestPath } from '../../../src/features/account/cancellationRequest';
import { initialSupportForm, supportPrefillOf } from '../../../src/features/support/supportForm';

describe('the cancellation request', () => {
  it('opens Help & Support with the cancellation subject and message filled in', () => {
    const url = new URL(cancellationRequestPath(), 'https://app.xfilter.example');
    expect(url.pathname).toBe('/support');
    const form = initialSupportForm('ada@example.com', supportPrefillOf(url.searchParams));
    expect(form.draft).toEqual({ subject: CANCELLATION_REQUEST.subject, message: CANCELLATION_REQUEST.message, email: 'ada@example.com' });
  });

  it('leaves the form empty without a prefill, and cuts a prefill to the form limits', () => {
    expect(initialSupportForm(null, supportPrefillOf(new URLSearchParams())).draft).toEqual({ subject: '', message: '', email: '' });
    const long = supportPrefillOf(new URLSearchParams({ subject: 's'.repeat(300), message: 'm'.repeat(6000) }));
    expect([long.subject!.length, long.message!.length]).toEqual([200, 5000]);
  });
});
