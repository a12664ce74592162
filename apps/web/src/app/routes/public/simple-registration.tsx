import { useParams } from 'react-router';
import { RegistrationForm } from '../../../features/registration/components/registration-form';

/** cadastro-simples/:hash/:plan? — always a client, without CPF. */
export function SimpleRegistrationRoute() {
  const { organization = '', hash = '', plan } = useParams();
  return (
    <RegistrationForm
      key={hash}
      organization={organization}
      hash={hash}
      plan={plan}
      registration={{ kind: 'simple' }}
    />
  );
}
