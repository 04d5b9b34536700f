import { useNavigate, useNavigation } from 'react-router-dom';
import { pathTo } from '../../app/routes';
import { BannedPage } from './BannedPage';

export function BannedRoute({ supportEmail }: { supportEmail: string }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  return (
    <BannedPage
      supportEmail={supportEmail}
      loggingOut={navigation.location?.pathname === pathTo('logout')}
      onLogout={() => void navigate(pathTo('logout'))}
    />
  );
}
