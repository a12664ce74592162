import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhoneLayout } from './data-table';

interface FormDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: string;
  /** Mounted only while open, so each opening starts from what it edits. */
  children: ReactNode;
}

/** A form's dialog: centred on wide screens, the whole screen on a phone (nothing wider than it). */
export function FormDialog({ opened, title, onClose, size = 'md', children }: FormDialogProps) {
  const phone = usePhoneLayout();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered fullScreen={phone} size={size}>
      {opened ? children : null}
    </Modal>
  );
}

/** The money fields' shared look: "R$" before, pt-BR decimals. */
export const moneyInputProps = {
  inputMode: 'decimal',
  placeholder: '0,00',
  leftSection: 'R$',
} as const;

/** A dialog form's foot: 'Cancelar' and its save button. */
export function FormActions({
  saving,
  saveLabel,
  onCancel,
}: {
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}

/** Which record a dialog edits: null while closed, `{ item: null }` for a new one. */
export interface EditingDraft<Item> {
  item: Item | null;
}
