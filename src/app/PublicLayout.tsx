import { Outlet, useNavigation } from 'react-router-dom';
import { TopLoadingBar } from '../ui/TopLoadingBar';

/** The pages outside the app's shell: sign-in, the sandbox account picker, the banned page. */
export function PublicLayout({ runningAppVersion }: { runningAppVersion: string }) {
  const navigation = useNavigation();
  return (
    <>
      <TopLoadingBar active={navigation.state !== 'idle'} />
      <main className="app-main">
        <Outlet />
      </main>
      <footer className="app-footer">xFilter {runningAppVersion}</footer>
    </>
  );
}
