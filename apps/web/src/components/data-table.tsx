import { Box, Paper, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, createContext, type ReactNode, useContext } from 'react';

/**
 * Where a column's value goes on a phone's card (ADR 18):
 * - `lead`: first on the top line, as wide as it needs (a selection box);
 * - `title`: the top line's main text (a name), wrapping;
 * - `aside`: the top line's right end (an amount);
 * - `field`: a line of its own, "label … value";
 * - `wide`: a line of its own, the label above a full-width control (a picker);
 * - `actions`: the card's foot, beside the other actions;
 * - `hidden`: not on phones (what another column already says).
 */
export type PhonePlace = 'lead' | 'title' | 'aside' | 'field' | 'wide' | 'actions' | 'hidden';

export interface DataColumn {
  key: string;
  header: ReactNode;
  /** The value's label on a phone's card when the header is not plain text. */
  phoneLabel?: string;
  phone?: PhonePlace;
  align?: 'right';
  width?: number;
  /** Dates and amounts keep to one line on wide screens. */
  nowrap?: boolean;
}

/**
 * Below `md` (800 px) lists are cards: every table is wider than a phone (ADR 18). Read at the
 * first render, so a list is never drawn twice (once per layout) as the page opens.
 */
export function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, { getInitialValueInEffect: false });
  return !wide;
}

interface DataTableContextValue {
  phone: boolean;
  columns: ReadonlyMap<string, DataColumn>;
}

const DataTableContext = createContext<DataTableContextValue>({ phone: false, columns: new Map() });

interface DataTableProps {
  /** Names the table, or the list of cards on a phone. */
  label: string;
  columns: readonly DataColumn[];
  /** Wide screens: below this width the table scrolls inside its box (tablets). */
  minWidth: number;
  /** Faded while the next page loads. */
  dimmed?: boolean;
  striped?: boolean;
  /** What a header cell offers that a phone needs too (select every row), shown above the cards. */
  phoneToolbar?: ReactNode;
  /** The rows: `DataRow`s of `DataCell`s. */
  children: ReactNode;
}

/**
 * A list that is a table on wide screens and a stack of cards on a phone, so nothing scrolls
 * sideways at 390 px. Rows are components of their own (`DataRow`), so each may hold its state.
 */
export function DataTable({
  label,
  columns,
  minWidth,
  dimmed = false,
  striped = false,
  phoneToolbar,
  children,
}: DataTableProps) {
  const phone = usePhoneLayout();
  const context = { phone, columns: new Map(columns.map((column) => [column.key, column])) };
  const opacity = dimmed ? 0.6 : 1;
  if (phone) {
    return (
      <DataTableContext.Provider value={context}>
        {phoneToolbar}
        <Stack gap="xs" role="list" aria-label={label} opacity={opacity}>
          {children}
        </Stack>
      </DataTableContext.Provider>
    );
  }
  return (
    <DataTableContext.Provider value={context}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" highlightOnHover striped={striped} opacity={opacity} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align} w={column.width}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DataTableContext.Provider>
  );
}

interface DataRowProps {
  /** Names the row's card on a phone (e.g. the line's or the client's name). */
  label: string;
  bg?: string;
  opacity?: number;
  fw?: number;
  children: ReactNode;
}

export function DataRow({ label, bg, opacity, fw, children }: DataRowProps) {
  const { phone } = useContext(DataTableContext);
  if (!phone) {
    return (
      <Table.Tr bg={bg} opacity={opacity} fw={fw}>
        {children}
      </Table.Tr>
    );
  }
  return (
    <Paper
      withBorder
      p="sm"
      role="listitem"
      aria-label={label}
      bg={bg}
      opacity={opacity}
      fw={fw}
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 8, rowGap: 6 }}
    >
      {children}
    </Paper>
  );
}

// The card is one wrapping row: the top line first, then full-width lines, then the actions.
const phonePlaceStyles: Record<Exclude<PhonePlace, 'hidden'>, CSSProperties> = {
  lead: { order: 0, flex: '0 0 auto' },
  title: { order: 0, flex: '1 1 0', minWidth: 0, overflowWrap: 'anywhere' },
  aside: { order: 0, flex: '0 0 auto', textAlign: 'right' },
  field: {
    order: 1,
    flexBasis: '100%',
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: 8,
  },
  wide: { order: 1, flexBasis: '100%' },
  actions: { order: 2, flex: '0 0 auto' },
};

function readPhoneLabel(column: DataColumn): string {
  return column.phoneLabel ?? (typeof column.header === 'string' ? column.header : '');
}

/** One column's value of a row: a cell on wide screens, its place on a phone's card. */
export function DataCell({ column: key, children }: { column: string; children: ReactNode }) {
  const { phone, columns } = useContext(DataTableContext);
  const column = columns.get(key);
  // A column the table leaves out (a reader's view without actions) shows nothing.
  if (!column) return null;
  if (!phone) {
    return (
      <Table.Td ta={column.align} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
        {children}
      </Table.Td>
    );
  }
  const place = column.phone ?? 'field';
  if (place === 'hidden') return null;
  const label = readPhoneLabel(column);
  if (place === 'field') {
    return (
      <Box style={phonePlaceStyles.field}>
        <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
          {label}
        </Text>
        <Box ta="right" fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {children}
        </Box>
      </Box>
    );
  }
  if (place === 'wide') {
    return (
      <Box style={phonePlaceStyles.wide}>
        {label ? (
          <Text size="xs" c="dimmed" mb={2}>
            {label}
          </Text>
        ) : null}
        {children}
      </Box>
    );
  }
  return <Box style={phonePlaceStyles[place]}>{children}</Box>;
}
