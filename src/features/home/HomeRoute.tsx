import { useLoaderData, useRevalidator } from 'react-router-dom';
import { HomePage } from './HomePage';
import type { createHomeLoader } from './homeLoader';

export function HomeRoute({ runningVersion }: { runningVersion: string }) {
  const status = useLoaderData<ReturnType<typeof createHomeLoader>>();
  const revalidator = useRevalidator();
  return (
    <HomePage
      status={status}
      runningVersion={runningVersion}
      retrying={revalidator.state === 'loading'}
      onRetry={() => void revalidator.revalidate()}
    />
  );
}

export function HomeRouteLoading({ runningVersion }: { runningVersion: string }) {
  return <HomePage status={{ state: 'loading' }} runningVersion={runningVersion} />;
}
