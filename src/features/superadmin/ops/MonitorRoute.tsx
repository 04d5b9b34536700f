import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { MonitorLoaderData } from './monitorLoader';
import { MonitorPage } from './MonitorPage';

/** /superadmin/monitor: the figures come with the route; Refresh asks for them again. */
export function MonitorRoute() {
  const { result } = useLoaderData() as MonitorLoaderData;
  const revalidator = useRevalidator();
  return <MonitorPage result={result} refreshing={revalidator.state === 'loading'} onRefresh={() => void revalidator.revalidate()} />;
}
