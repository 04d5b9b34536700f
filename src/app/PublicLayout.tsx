import { Outlet, useNavigation } from 'react-router-dom';
import { TopLoadingBar } from '../ui/TopLoadingBar';
import { PublicFrame } from './PublicFrame';
import { SessionSwitchBanner } from './SessionSwitchBanner';
import type { SessionActor } from './sessionActor';

export interface PublicLayoutProps {
  runningAppVersion: string;
  session: SessionActor;
}

/** The pages outside the app's shell: sign-in, the sandbox account picker, the banned page (with the admin-switch banner when a supervisor switched into it). */
export function PublicLayout({ runningAppVersion, session }: PublicLayoutProps) {
  const navigation = useNavigation();
  return (
    <PublicFrame
      runningAppVersion={runningAppVersion}
      top={
        <>
          <TopLoadingBar active={navigation.state !== 'idle'} />
          <SessionSwitchBanner session={session} />
        </>
      }
    >
      <Outlet />
    </PublicFrame>
  );
}
