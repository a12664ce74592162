import { BankGuidePicker } from '../features/bank-guides/components/bank-guide-picker';
import { ConnectByWidget } from '../features/open-banking/components/connect-by-widget';

/**
 * The import's bank guide ('Alerta de integração'), which also offers to connect the chosen bank
 * where the organization's aggregator widget reaches it (two features meet here, not in each other).
 * `openedFor`: the bank whose connection just failed, its guide open at once.
 */
export function StatementGuidePicker({ openedFor }: { openedFor?: string | null }) {
  return (
    <BankGuidePicker
      openedFor={openedFor}
      offerFor={(bank) => <ConnectByWidget bankCode={bank.code} bankName={bank.name} />}
    />
  );
}
