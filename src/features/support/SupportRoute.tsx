import { useReducer } from 'react';
import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import type { ApiClient } from '../../api/client';
import type { SessionActor } from '../../../machines/session/actorRef';
import { currentUser } from '../../../machines/session/selectors';
import { sendSupportTicket } from './sendSupportTicket';
import { SupportForm } from './SupportForm';
import { initialSupportForm, supportFormReducer, supportPrefillOf, validateSupportDraft } from './supportForm';

export interface SupportRouteProps {
  api: ApiClient;
  session: SessionActor;
}

export function SupportRoute({ api, session }: SupportRouteProps) {
  const email = useSelector(session, (snapshot) => currentUser(snapshot)?.email ?? null);
  const [query] = useSearchParams();
  const [form, dispatch] = useReducer(supportFormReducer, null, () => initialSupportForm(email, supportPrefillOf(query)));
  const errors = validateSupportDraft(form.draft);

  const submit = async () => {
    if (Object.keys(errors).length > 0) {
      dispatch({ type: 'submitInvalid' });
      return;
    }
    dispatch({ type: 'send' });
    const result = await sendSupportTicket(api, form.draft);
    dispatch(result.kind === 'sent' ? { type: 'sent' } : { type: 'failed', reason: result.reason });
  };

  return (
    <SupportForm
      draft={form.draft}
      errors={form.showErrors ? errors : {}}
      status={form.status}
      failure={form.failure}
      onChange={(field, value) => dispatch({ type: 'edit', field, value })}
      onSubmit={() => void submit()}
      onWriteAnother={() => dispatch({ type: 'writeAnother' })}
    />
  );
}
