import { Anchor, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { cashFlowQueryKey } from '../../../features/cash-flow/api/get-cash-flow';
import { CashRegister } from '../../../features/cash-flow/components/cash-register';
import { addImportedPeriod, type ImportedPeriod } from '../../../features/cash-flow/hooks/use-cash-flow-options';
import { UploadStatementsDialog } from '../../../features/imports/components/upload-statements-dialog';
import { addClientQuery, useIsReadOnlyClientView, useRouteClientId } from '../../../lib/client-scope';
import { usePersona } from '../../../lib/persona';
import { StatementGuidePicker } from '../../statement-guide-picker';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** The task value that opens the import at once. */
export const importTask = 'importacao';

interface CashRegisterScreenProps {
  organization: string;
  /** The client a planner views; null for a client's own cash register. */
  clientId: string | null;
  importOpened: boolean;
  /** The addresses with and without the import open: the dialog follows the address. */
  importHref: string;
  closedHref: string;
  /** What comes between the title and the cash flow (a planner's view of the client's home page). */
  overview?: ReactNode;
}

/**
 * `href` with the current address's query added (its own parameters win): opening and closing the
 * import keeps the period and filters the screen holds in the address.
 */
function keepCurrentQuery(href: string, currentSearch: string): string {
  const [path = '', query = ''] = href.split('?');
  const parameters = new URLSearchParams(currentSearch);
  for (const [name, value] of new URLSearchParams(query)) parameters.set(name, value);
  const text = parameters.toString();
  return text ? `${path}?${text}` : path;
}

/** Meu caixa with the import dialog and the links to the imported files and the categorizing task. */
export function CashRegisterScreen({
  organization,
  clientId,
  importOpened,
  importHref,
  closedHref,
  overview,
}: CashRegisterScreenProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The period the last upload covered, for the close: the address may still be the one before the
  // upload when the person closes quickly (the router holds a navigation while the next screen loads).
  const uploadedPeriod = useRef<ImportedPeriod | null>(null);
  const readOnly = useIsReadOnlyClientView();
  const filesHref = addClientQuery(paths.app.routes.arquivo.getHref(organization), clientId);
  // The categorizing task is the client's own.
  const categorizeHref = clientId ? null : paths.app.routes['tarefa-de-categorizacao'].getHref(organization);
  // A planner plans the budget of the client they are viewing (planejamento takes a `client` query).
  const planningHref = clientId ? `${paths.app.routes.planejamento.getHref(organization)}?client=${clientId}` : null;

  return (
    <Stack gap="md">
      {clientId ? <ViewedClientTitle clientId={clientId} screen="Caixa" /> : null}
      {overview}
      <CashRegister
        actions={
          <>
            {categorizeHref ? (
              <Anchor component={Link} to={categorizeHref} size="sm">
                Categorizar transações
              </Anchor>
            ) : null}
            {planningHref ? (
              <Anchor component={Link} to={planningHref} size="sm">
                Planejamento do orçamento
              </Anchor>
            ) : null}
            <Anchor component={Link} to={filesHref} size="sm">
              Arquivos importados
            </Anchor>
            {readOnly ? null : (
              <Button variant="light" component={Link} to={keepCurrentQuery(importHref, search)}>
                Importar extratos
              </Button>
            )}
          </>
        }
      />
      <UploadStatementsDialog
        // A manager viewing a client imports nothing, even through the import's own address.
        opened={importOpened && !readOnly}
        onClose={() => {
          const closed = keepCurrentQuery(closedHref, search);
          const period = uploadedPeriod.current;
          uploadedPeriod.current = null;
          navigate(period ? addImportedPeriod(closed, period) : closed, { replace: true });
        }}
        onUploaded={(answer) => {
          queryClient.invalidateQueries({ queryKey: cashFlowQueryKey });
          // Behind the result, the screen moves to the days the files cover: their lines show there.
          if (answer.period) {
            uploadedPeriod.current = answer.period;
            navigate(addImportedPeriod(keepCurrentQuery(importHref, search), answer.period), { replace: true });
          }
        }}
        filesHref={filesHref}
        guide={<StatementGuidePicker />}
      />
    </Stack>
  );
}

/** meu-caixa/:task?: a client's cash register, or a planner's with ?clientId=. */
export function CashRegisterRoute() {
  const { organization = '', task } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;
  const route = paths.app.routes['meu-caixa'];
  return (
    <CashRegisterScreen
      // One screen per client: filters and selection never carry over to another client.
      key={viewedClientId ?? 'self'}
      organization={organization}
      clientId={viewedClientId}
      importOpened={task === importTask}
      importHref={addClientQuery(route.getHref(organization, { task: importTask }), viewedClientId)}
      closedHref={addClientQuery(route.getHref(organization), viewedClientId)}
    />
  );
}
