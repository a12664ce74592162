import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for deletions. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The generic card in modal mode: footer buttons 'Cancelar' and 'Confirmar' by default. */
export function ConfirmDialog(properties: ConfirmDialogProps) {
  const { opened, title, message, confirmLabel = 'Confirmar', cancelLabel = 'Cancelar' } = properties;
  return (
    <Modal opened={opened} onClose={properties.onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={properties.onClose} disabled={properties.loading}>
            {cancelLabel}
          </Button>
          <Button
            color={properties.danger ? 'red' : undefined}
            loading={properties.loading}
            onClick={properties.onConfirm}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
