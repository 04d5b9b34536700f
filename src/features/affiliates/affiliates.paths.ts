import type { ContextFrom, SnapshotFrom } from 'xstate';
import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { unreachableApi } from '../../../.storybook/storyRobot';
import { affiliatesMachine } from '../../../machines/affiliates/machine';
import { isEmailAddress } from '../../../rules/email';
import { AFFILIATES_ANSWERS, INVALID_EMAIL, NEW_EMAIL } from './fixtures';

const isJoining = (snapshot: SnapshotFrom<typeof affiliatesMachine>) => snapshot.matches('joining') || snapshot.matches('enabling');

/** The email box as the page shows it: left out for a user who has an email. */
function emailBoxOf({ email, userEmail, failure }: ContextFrom<typeof affiliatesMachine>) {
  const typed = email === '' ? 'empty' : isEmailAddress(email) ? 'valid' : 'invalid';
  return { email: userEmail === null ? typed : 'own', failure: failure !== null };
}

/**
 * The Affiliates page's reachable states for the stories: a user without an email, who types one
 * (wrong, then right) and enables the programme; a user with an email only enables.
 */
export const affiliatesStories: MachineStories<typeof affiliatesMachine> = {
  machine: affiliatesMachine,
  input: { api: unreachableApi, userEmail: null, shareCount: 0, onFlagsSaved: () => {} },
  events: [
    { type: 'affiliate.email.changed', email: INVALID_EMAIL },
    { type: 'affiliate.email.changed', email: NEW_EMAIL },
    { type: 'affiliate.enable' },
    { type: 'affiliate.retry' },
  ],
  outcomes: {
    fetchAffiliate: answering(AFFILIATES_ANSWERS.fetchAffiliate),
    enableAffiliate: answering(AFFILIATES_ANSWERS.enableAffiliate),
  },
  worlds: {
    UserWithEmail: {
      input: { api: unreachableApi, userEmail: 'ada@example.com', shareCount: 3, onFlagsSaved: () => {} },
      events: [{ type: 'affiliate.enable' }],
      outcomes: { fetchAffiliate: answering({ notJoined: AFFILIATES_ANSWERS.fetchAffiliate.notJoined }), enableAffiliate: answering(AFFILIATES_ANSWERS.enableAffiliate) },
    },
  },
  // The page tells states apart by the email box only while the user joins.
  distinguishingContext: (snapshot) => (isJoining(snapshot) ? emailBoxOf(snapshot.context) : {}),
  variant: (snapshot) => {
    if (!isJoining(snapshot)) return '';
    const { email, failure } = emailBoxOf(snapshot.context);
    const emailVariant = email === 'valid' ? 'WithAValidEmail' : email === 'invalid' ? 'WithAnInvalidEmail' : '';
    return `${emailVariant}${failure ? 'AfterAFailure' : ''}`;
  },
};
