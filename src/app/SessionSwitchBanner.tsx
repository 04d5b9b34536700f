import { useSelector } from '@xstate/react';
import { currentUser, isSwitchedToUser } from '../../machines/session/selectors';
import type { SessionActor } from './sessionActor';
import { AdminSwitchBanner } from './shell/AdminSwitchBanner';

/** The admin-switch banner outside the shell (the banned page of a user a supervisor switched into). */
export function SessionSwitchBanner({ session }: { session: SessionActor }) {
  const switched = useSelector(session, isSwitchedToUser);
  const user = useSelector(session, currentUser);
  if (!switched || !user) return null;
  return <AdminSwitchBanner userName={user.name} onBackToAdmin={() => session.send({ type: 'session.switchBack' })} />;
}
