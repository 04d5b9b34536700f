import { useLoaderData, useNavigate } from 'react-router-dom';
import { pathTo } from '../../app/routes';
import { WelcomePage } from './WelcomePage';

export interface WelcomeData {
  firstName: string;
}

export function WelcomeRoute() {
  const { firstName } = useLoaderData() as WelcomeData;
  const navigate = useNavigate();
  return <WelcomePage firstName={firstName} onContinue={() => void navigate(pathTo('home'))} />;
}
