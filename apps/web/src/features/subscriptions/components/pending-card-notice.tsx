import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

/**
 * me/ says the plan's charge could not be made on the card (past due, suspended, or no card kept
 * for a card plan): the client learns it on every screen, not only by e-mail, with the way to fix it.
 */
export function PendingCardNotice({ subscriptionHref }: { subscriptionHref: string }) {
  return (
    <Alert color="orange" variant="light" title="Não conseguimos cobrar sua assinatura" mb="md" role="status">
      Atualize o cartão da assinatura para manter seu plano.{' '}
      <Anchor component={Link} to={subscriptionHref} fw={600}>
        Trocar o cartão
      </Anchor>
    </Alert>
  );
}
