import { INVALID_EMAIL_MESSAGE, isEmailAddress, MAX_EMAIL_LENGTH } from '../../../rules/email';

export interface SupportDraft {
  subject: string;
  message: string;
  email: string;
}

export type SupportField = keyof SupportDraft;
export type SupportErrors = Partial<Record<SupportField, string>>;

export const SUPPORT_LIMITS = { subject: 200, message: 5000, email: MAX_EMAIL_LENGTH } as const;

/** The form's rules, matching what POST /support/tickets accepts. */
export function validateSupportDraft({ subject, message, email }: SupportDraft): SupportErrors {
  const errors: SupportErrors = {};
  if (!subject.trim()) errors.subject = 'Please enter a subject.';
  else if (subject.trim().length > SUPPORT_LIMITS.subject) errors.subject = `Please keep the subject under ${SUPPORT_LIMITS.subject} characters.`;
  if (!message.trim()) errors.message = 'Please tell us how we can help.';
  else if (message.trim().length > SUPPORT_LIMITS.message) errors.message = `Please keep the message under ${SUPPORT_LIMITS.message} characters.`;
  if (!isEmailAddress(email)) errors.email = INVALID_EMAIL_MESSAGE;
  return errors;
}

export type SupportFormStatus = 'editing' | 'sending' | 'sent' | 'failed';

export interface SupportFormState {
  draft: SupportDraft;
  /** Errors show once the user has tried to send, then follow every edit. */
  showErrors: boolean;
  status: SupportFormStatus;
  failure: string | null;
}

export type SupportFormAction =
  | { type: 'edit'; field: SupportField; value: string }
  | { type: 'submitInvalid' }
  | { type: 'send' }
  | { type: 'sent' }
  | { type: 'failed'; reason: string }
  | { type: 'writeAnother' };

/** What a link into the form may fill in (the query's `subject` and `message`), e.g. a cancellation request. */
export type SupportPrefill = Partial<Pick<SupportDraft, 'subject' | 'message'>>;

export function supportPrefillOf(query: URLSearchParams): SupportPrefill {
  const subject = query.get('subject');
  const message = query.get('message');
  return {
    ...(subject === null ? {} : { subject: subject.slice(0, SUPPORT_LIMITS.subject) }),
    ...(message === null ? {} : { message: message.slice(0, SUPPORT_LIMITS.message) }),
  };
}

export function initialSupportForm(email: string | null, prefill: SupportPrefill = {}): SupportFormState {
  return {
    draft: { subject: prefill.subject ?? '', message: prefill.message ?? '', email: email ?? '' },
    showErrors: false,
    status: 'editing',
    failure: null,
  };
}

export function supportFormReducer(state: SupportFormState, action: SupportFormAction): SupportFormState {
  switch (action.type) {
    case 'edit':
      return { ...state, draft: { ...state.draft, [action.field]: action.value }, status: state.status === 'failed' ? 'editing' : state.status };
    case 'submitInvalid':
      return { ...state, showErrors: true };
    case 'send':
      return { ...state, status: 'sending', failure: null };
    case 'sent':
      return { ...state, status: 'sent' };
    case 'failed':
      return { ...state, status: 'failed', failure: action.reason };
    case 'writeAnother':
      return initialSupportForm(state.draft.email);
  }
}
