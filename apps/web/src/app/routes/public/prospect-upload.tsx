import { useParams } from 'react-router';
import { PublicUploadPage } from '../../../features/prospects/components/public-upload-page';

export function ProspectUploadRoute() {
  const { organization = '', token = '' } = useParams();
  return <PublicUploadPage key={token} organization={organization} token={token} />;
}
