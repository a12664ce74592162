import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { parseBrazilianDate } from '@prumo/domain/br/date';
import { useMemo, useState } from 'react';
import { usePhoneLayout } from '../../../components/data-table';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { formatDateMask, formatIsoDate } from '../../../lib/format';
import { useCashFlowAccounts } from '../api/get-cash-flow-accounts';
import {
  buildCashFlowFilter,
  type CashFlowOptions,
  countActiveFilters,
  formatMonthKey,
  hasActiveFilters,
  shiftMonth,
} from '../hooks/use-cash-flow-options';
import { useCategoryTree } from '../hooks/use-category-tree';

const monthFormatter = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' });

function formatMonthLabel(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const label = monthFormatter.format(new Date(year, monthNumber - 1, 1));
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Five years back to one ahead of today, and the chosen month wherever it is. */
function listMonthOptions(selected: string): { value: string; label: string }[] {
  const current = formatMonthKey(new Date());
  const months = new Set<string>();
  for (let delta = 12; delta >= -60; delta--) months.add(shiftMonth(current, delta));
  months.add(selected);
  return [...months]
    .sort((first, second) => second.localeCompare(first))
    .map((month) => ({ value: month, label: formatMonthLabel(month) }));
}

const flowOptions = [
  { value: 'all', label: 'Entradas e saídas' },
  { value: 'income', label: 'Só entradas' },
  { value: 'expense', label: 'Só saídas' },
];

function describeActiveCount(count: number): string {
  return count === 1 ? '1 ativo' : `${count} ativos`;
}

interface CashFlowFiltersProps {
  options: CashFlowOptions;
  onChange: (changes: Partial<CashFlowOptions>) => void;
  onReset: () => void;
}

export function CashFlowFilters({ options, onChange, onReset }: CashFlowFiltersProps) {
  const filter = buildCashFlowFilter(options);
  const accounts = useCashFlowAccounts(filter.start, filter.end);
  const tree = useCategoryTree();
  const [searchText, setSearchText] = useState(options.search);
  const applySearch = useDebouncedCallback((search: string) => onChange({ search }), 400);
  const monthOptions = useMemo(() => listMonthOptions(options.month), [options.month]);
  // On a phone the filters fold behind 'Filtros' so the lines show on the first screen (ADR 18).
  const phone = usePhoneLayout();
  const [filtersOpened, setFiltersOpened] = useState(false);
  const activeCount = countActiveFilters(options);

  const accountOptions = (accounts.data ?? []).map((account) => ({ value: String(account.id), label: account.name }));
  // Keep chosen accounts listed even when the new period has no line of theirs.
  for (const origin of options.origins) {
    if (!accountOptions.some((option) => option.value === String(origin))) {
      accountOptions.push({ value: String(origin), label: `Conta ${origin}` });
    }
  }
  const categoryOptions = tree.categories.map((category) => ({ value: String(category.id), label: category.name }));
  // With categories chosen, only their descriptions are offered.
  const descriptionGroups =
    options.categories.length === 0
      ? tree.groups
      : tree.groups.filter((group) =>
          tree.categories.some((category) => category.name === group.group && options.categories.includes(category.id)),
        );

  const filterFields = (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <MultiSelect
          label="Conta"
          placeholder={options.origins.length ? undefined : 'Todas'}
          data={accountOptions}
          value={options.origins.map(String)}
          onChange={(values) => onChange({ origins: values.map(Number) })}
          searchable
          clearable
        />
        <MultiSelect
          label="Categoria"
          placeholder={options.categories.length ? undefined : 'Todas'}
          data={categoryOptions}
          value={options.categories.map(String)}
          onChange={(values) => onChange({ categories: values.map(Number), descriptions: [] })}
          searchable
          clearable
        />
        <MultiSelect
          label="Descrição"
          placeholder={options.descriptions.length ? undefined : 'Todas'}
          data={descriptionGroups}
          value={options.descriptions.map(String)}
          onChange={(values) => onChange({ descriptions: values.map(Number) })}
          searchable
          clearable
        />
        <Select
          label="Entradas/saídas"
          data={flowOptions}
          value={options.flow}
          allowDeselect={false}
          onChange={(value) => onChange({ flow: value === 'income' || value === 'expense' ? value : 'all' })}
        />
        <TextInput
          label="Buscar"
          type="search"
          placeholder="Nome da transação"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
      </SimpleGrid>
      <Group mt="sm" gap="lg">
        <Checkbox
          label="Sem categoria"
          checked={options.uncategorized}
          onChange={(event) => onChange({ uncategorized: event.currentTarget.checked })}
        />
        <Checkbox
          label="Mostrar ignoradas"
          checked={options.showIgnored}
          onChange={(event) => onChange({ showIgnored: event.currentTarget.checked })}
        />
        {hasActiveFilters(options) ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              applySearch.cancel();
              setSearchText('');
              onReset();
            }}
          >
            Limpar filtros
          </Button>
        ) : null}
      </Group>
    </>
  );

  return (
    <Paper withBorder p="md">
      <Group align="flex-end" gap="sm" mb={phone && !filtersOpened ? 0 : 'sm'}>
        <SegmentedControl
          aria-label="Tipo de período"
          value={options.periodMode}
          onChange={(value) =>
            // A range starts as the period on screen, so switching changes nothing until edited.
            onChange(
              value === 'range'
                ? { periodMode: 'range', rangeStart: filter.start, rangeEnd: filter.end }
                : { periodMode: 'month' },
            )
          }
          data={[
            { value: 'month', label: 'Mês' },
            { value: 'range', label: 'Período' },
          ]}
        />
        {options.periodMode === 'month' ? (
          <Group gap={4} align="flex-end" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label="Mês anterior"
              onClick={() => onChange({ month: shiftMonth(options.month, -1) })}
            >
              ‹
            </ActionIcon>
            <Select
              label="Mês"
              w={210}
              data={monthOptions}
              value={options.month}
              allowDeselect={false}
              searchable
              onChange={(value) => value && onChange({ month: value })}
            />
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label="Próximo mês"
              onClick={() => onChange({ month: shiftMonth(options.month, 1) })}
            >
              ›
            </ActionIcon>
          </Group>
        ) : (
          <DateRangeInputs
            start={options.rangeStart}
            end={options.rangeEnd}
            onChange={(rangeStart, rangeEnd) => onChange({ rangeStart, rangeEnd })}
          />
        )}
        {phone ? (
          <Button
            variant="default"
            aria-expanded={filtersOpened}
            aria-controls="cash-flow-filters"
            aria-label={activeCount > 0 ? `Filtros (${describeActiveCount(activeCount)})` : 'Filtros'}
            onClick={() => setFiltersOpened((opened) => !opened)}
            rightSection={
              activeCount > 0 ? (
                <Badge size="sm" circle>
                  {activeCount}
                </Badge>
              ) : null
            }
          >
            Filtros
          </Button>
        ) : null}
      </Group>
      {phone ? (
        <Collapse expanded={filtersOpened} id="cash-flow-filters">
          {filterFields}
        </Collapse>
      ) : (
        filterFields
      )}
    </Paper>
  );
}

const endBeforeStartMessage = 'A data final deve ser igual ou posterior à inicial.';

/** Start and end typed as dd/mm/aaaa; the filter changes once both are real days in order. */
function DateRangeInputs({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
}) {
  const [startText, setStartText] = useState(formatIsoDate(start));
  const [endText, setEndText] = useState(formatIsoDate(end));
  const startDate = parseBrazilianDate(startText);
  const endDate = parseBrazilianDate(endText);

  const update = (nextStartText: string, nextEndText: string) => {
    setStartText(nextStartText);
    setEndText(nextEndText);
    const nextStart = parseBrazilianDate(nextStartText);
    const nextEnd = parseBrazilianDate(nextEndText);
    if (nextStart && nextEnd && nextStart <= nextEnd) onChange(nextStart, nextEnd);
  };

  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <MaskedTextInput
        label="Data inicial"
        placeholder="dd/mm/aaaa"
        w={140}
        format={formatDateMask}
        value={startText}
        error={startText.length === 10 && !startDate ? 'Data inválida' : undefined}
        onChange={(value) => update(value, endText)}
      />
      <MaskedTextInput
        label="Data final"
        placeholder="dd/mm/aaaa"
        w={140}
        format={formatDateMask}
        value={endText}
        error={
          endText.length === 10 && !endDate
            ? 'Data inválida'
            : startDate && endDate && endDate < startDate
              ? endBeforeStartMessage
              : undefined
        }
        onChange={(value) => update(startText, value)}
      />
    </Group>
  );
}
