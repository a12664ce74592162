import { Accordion, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionHeader } from '../../../components/section-header';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { useDebts } from '../api/get-debts';
import { useInvestments } from '../api/get-investments';
import { useMyAccounts } from '../api/get-my-accounts';
import { useOtherBalances } from '../api/get-other-balances';
import { AccountsGroup } from './accounts-group';
import { AssetGroup, GroupQueryState } from './asset-group';
import { CardsGroup } from './cards-group';
import { DebtsGroup } from './debts-group';
import { countItems, showOwed } from './holdings-labels';
import { InvestmentsGroup } from './investments-group';
import { NetWorthPanel } from './net-worth-panel';
import { OtherBalancesGroup } from './other-balances-group';

interface MyAssetsProps {
  /** Meu caixa, where statements bring accounts and cards. */
  cashRegisterHref: string;
  /** A planner viewing a client: the page already has the heading, and the text speaks of the client. */
  viewsClient?: boolean;
}

interface GroupBodyProps<Data> {
  /** The call the group's data comes from: its loading or failure shows until `data` is there. */
  query: UseQueryResult<unknown>;
  data: Data | undefined;
  children: (data: Data) => ReactNode;
}

/** A group's body: its list once loaded, else the loading or failure in its place. */
function GroupBody<Data>({ query, data, children }: GroupBodyProps<Data>) {
  if (data === undefined) return <GroupQueryState query={query} />;
  return <>{children(data)}</>;
}

/** Sums what counts: ignored accounts and cards stay out, as in the cash flow. */
function sumBalances(items: readonly { balance: number | null; ignored?: boolean }[]): number {
  return items.reduce((sum, item) => (item.ignored ? sum : sum + (item.balance ?? 0)), 0);
}

/** meu-patrimonio: accounts, cards, investments, other belongings and debts, each group opening to its items. */
export function MyAssets({ cashRegisterHref, viewsClient = false }: MyAssetsProps) {
  const readOnly = useIsReadOnlyClientView();
  const accounts = useMyAccounts();
  const investments = useInvestments();
  const balances = useOtherBalances();
  const debts = useDebts();
  const bankAccounts = accounts.data?.filter((account) => account.kind === 'bank_account');
  const cards = accounts.data?.filter((account) => account.kind === 'credit_card');

  return (
    <Stack gap="md">
      <SectionHeader
        title={viewsClient ? undefined : 'Meu patrimônio'}
        description={
          viewsClient
            ? 'O que o cliente tem e o que deve: contas, cartões, investimentos, outros bens e dívidas.'
            : 'O que você tem e o que deve: contas, cartões, investimentos, outros bens e dívidas.'
        }
      />
      <NetWorthPanel viewsClient={viewsClient} />
      <Accordion multiple variant="separated" chevronPosition="left">
        <AssetGroup
          value="contas"
          title="Contas"
          summary={bankAccounts ? countItems(bankAccounts.length, 'conta', 'contas', 'Nenhuma conta') : ''}
          total={bankAccounts ? sumBalances(bankAccounts) : null}
        >
          <GroupBody query={accounts} data={bankAccounts}>
            {(data) => <AccountsGroup accounts={data} readOnly={readOnly} cashRegisterHref={cashRegisterHref} />}
          </GroupBody>
        </AssetGroup>
        <AssetGroup
          value="cartoes"
          title="Cartões"
          summary={cards ? countItems(cards.length, 'cartão', 'cartões', 'Nenhum cartão') : ''}
          total={cards ? sumBalances(cards) : null}
        >
          <GroupBody query={accounts} data={cards}>
            {(data) => <CardsGroup cards={data} readOnly={readOnly} cashRegisterHref={cashRegisterHref} />}
          </GroupBody>
        </AssetGroup>
        <AssetGroup
          value="investimentos"
          title="Investimentos"
          summary={
            investments.data
              ? countItems(investments.data.length, 'investimento', 'investimentos', 'Nenhum investimento')
              : ''
          }
          total={investments.data ? sumBalances(investments.data) : null}
        >
          <GroupBody query={investments} data={investments.data}>
            {(data) => <InvestmentsGroup investments={data} readOnly={readOnly} />}
          </GroupBody>
        </AssetGroup>
        <AssetGroup
          value="outros-bens"
          title="Outros bens"
          summary={balances.data ? countItems(balances.data.length, 'bem', 'bens', 'Nenhum bem') : ''}
          total={balances.data ? sumBalances(balances.data) : null}
        >
          <GroupBody query={balances} data={balances.data}>
            {(data) => <OtherBalancesGroup balances={data} readOnly={readOnly} />}
          </GroupBody>
        </AssetGroup>
        <AssetGroup
          value="dividas"
          title="Dívidas"
          summary={debts.data ? countItems(debts.data.length, 'dívida', 'dívidas', 'Nenhuma dívida') : ''}
          total={debts.data ? showOwed(sumBalances(debts.data)) : null}
        >
          <GroupBody query={debts} data={debts.data}>
            {(data) => <DebtsGroup debts={data} readOnly={readOnly} />}
          </GroupBody>
        </AssetGroup>
      </Accordion>
    </Stack>
  );
}
