import { useParams } from 'react-router';
import { FastAccess } from '../../features/auth/components/fast-access';

export function FastAccessRoute() {
  const { token = '' } = useParams();
  return <FastAccess key={token} token={token} />;
}
