import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { CategorizingTask } from '../../../features/cash-flow/components/categorizing-task';

/** tarefa-de-categorizacao: the client's lines without category (client only). */
export function CategorizingTaskRoute() {
  const { organization = '' } = useParams();
  return <CategorizingTask cashRegisterHref={paths.app.routes['meu-caixa'].getHref(organization)} />;
}
