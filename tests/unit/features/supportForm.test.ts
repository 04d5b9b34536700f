import { describe, expect, it } from 'vitest';
import { initialSupportForm, supportFormReducer, validateSupportDraft } from '../../../src/features/support/supportForm';

const filled = { subject: 'Billing', message: 'Please send me an invoice.', email: 'ada.admin@example.com' };

describe('the support form', () => {
  it('starts empty with the email prefilled', () => {
    expect(initialSupportForm('ada.admin@example.com')).toEqual({
      draft: { subject: '', message: '', email: 'ada.admin@example.com' },
      showErrors: false,
      status: 'editing',
      failure: null,
    });
  });

  it('asks for a subject, a message and a valid email', () => {
    expect(validateSupportDraft({ subject: ' ', message: '', email: 'nope' })).toEqual({
      subject: 'Please enter a subject.',
      message: 'Please tell us how we can help.',
      email: 'Please Enter Valid Email',
    });
    expect(validateSupportDraft(filled)).toEqual({});
  });

  it('refuses a subject over 200 characters', () => {
    expect(validateSupportDraft({ ...filled, subject: 'x'.repeat(201) }).subject).toBe('Please keep the subject under 200 characters.');
  });

  it('goes from sending to sent, or to failed and back to editing on the next edit', () => {
    const sending = supportFormReducer(initialSupportForm(null), { type: 'send' });
    expect(sending.status).toBe('sending');
    expect(supportFormReducer(sending, { type: 'sent' }).status).toBe('sent');
    const failed = supportFormReducer(sending, { type: 'failed', reason: 'Down.' });
    expect(failed).toMatchObject({ status: 'failed', failure: 'Down.' });
    expect(supportFormReducer(failed, { type: 'edit', field: 'message', value: 'again' }).status).toBe('editing');
  });

  it('starts a new request with the same email', () => {
    const sent = { ...initialSupportForm(null), draft: filled, status: 'sent' as const };
    expect(supportFormReducer(sent, { type: 'writeAnother' }).draft).toEqual({ subject: '', message: '', email: filled.email });
  });
});
