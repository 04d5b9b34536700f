import type { LoaderFunctionArgs } from 'react-router-dom';
import type { ApiClient } from '../../api/client';
import { loadServerStatus } from './serverStatus';

export function createHomeLoader(api: ApiClient) {
  return ({ request }: LoaderFunctionArgs) => loadServerStatus(api, request.signal);
}
