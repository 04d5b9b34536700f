import { useLoaderData, useNavigate } from 'react-router-dom';
import type { WelcomeData } from '../../app/loaders/signedInLoaders';
import { pathTo } from '../../app/routes';
import { WelcomePage } from './WelcomePage';

export function WelcomeRoute() {
  const { firstName } = useLoaderData() as WelcomeData;
  const navigate = useNavigate();
  return <WelcomePage firstName={firstName} onContinue={() => void navigate(pathTo('home'))} />;
}
