import { Center, Container } from '@mantine/core';
import { useRouteError } from 'react-router';
import { ErrorState } from '../../components/error-state';

/** A screen whose code cannot load was most likely replaced by a newer version of the app. */
function isMissingScreenCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script|Importing a module/i.test(message);
}

/** What a screen that fails shows instead of React Router's own (English) page: a way back, in pt-BR. */
export function RouteError() {
  const error = useRouteError();
  const message = isMissingScreenCode(error)
    ? 'Uma nova versão do Prumo foi publicada. Recarregue a página para continuar.'
    : 'Não foi possível mostrar esta página. Recarregue para tentar novamente.';
  return (
    <Container size="sm" py="xl">
      <Center>
        <ErrorState message={message} onRetry={() => window.location.reload()} />
      </Center>
    </Container>
  );
}
