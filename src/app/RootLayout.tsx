import { Outlet, useNavigation, useRevalidator } from 'react-router-dom';
import { TopLoadingBar } from '../ui/TopLoadingBar';

export function RootLayout() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = navigation.state !== 'idle' || revalidator.state === 'loading';
  return (
    <>
      <TopLoadingBar active={loading} />
      <main className="app-main">
        <Outlet />
      </main>
    </>
  );
}
