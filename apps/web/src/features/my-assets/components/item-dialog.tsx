import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhoneLayout } from '../../../components/data-table';

interface ItemDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: string;
  /** Mounted only while open, so each opening starts from what it edits. */
  children: ReactNode;
}

/** The screen's dialogs: centred on wide screens, the whole screen on a phone (nothing wider than it). */
export function ItemDialog({ opened, title, onClose, size = 'md', children }: ItemDialogProps) {
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
