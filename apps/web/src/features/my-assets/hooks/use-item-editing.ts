import { useState } from 'react';
import type { DataColumn } from '../../../components/data-table';

/** Which item a group's dialogs are about: the one being edited (null item: a new one) and the one asked to delete. */
export function useItemEditing<Item>() {
  const [draft, setDraft] = useState<{ item: Item | null } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  return {
    draft,
    startNew: () => setDraft({ item: null }),
    startEdit: (item: Item) => setDraft({ item }),
    closeDraft: () => setDraft(null),
    deleting,
    askDelete: (item: Item) => setDeleting(item),
    closeDelete: () => setDeleting(null),
  };
}

/** A reader's table has no actions column (the API would refuse the change: 403). */
export function pickColumns(columns: readonly DataColumn[], readOnly: boolean): DataColumn[] {
  return readOnly ? columns.filter((column) => column.key !== 'actions') : [...columns];
}
