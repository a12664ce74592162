import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** Snackbar time-outs: errors 4000 ms, success 1500 ms, default 3000 ms. */
export const snackbarTimeouts = { error: 4000, success: 1500, default: 3000 } as const;

type SnackbarKind = keyof typeof snackbarTimeouts;

const colors: Record<SnackbarKind, string> = { error: 'red', success: 'teal', default: 'gray' };

let sequence = 0;

function showSnackbar(kind: SnackbarKind, message: string, id?: string): void {
  const notificationId = id ?? `snackbar-${++sequence}`;
  // A repeated id (e.g. many calls failing with 401 at once) shows a single snackbar.
  if (id) notifications.hide(id);
  notifications.show({
    id: notificationId,
    color: colors[kind],
    autoClose: snackbarTimeouts[kind],
    withCloseButton: false,
    role: kind === 'error' ? 'alert' : 'status',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" flex={1}>
          {message}
        </Text>
        <Button variant="subtle" size="compact-sm" flex="none" onClick={() => notifications.hide(notificationId)}>
          Fechar
        </Button>
      </Group>
    ),
  });
}

export function notifyError(message: string, id?: string): void {
  showSnackbar('error', message, id);
}

export function notifySuccess(message: string, id?: string): void {
  showSnackbar('success', message, id);
}

export function notifyInfo(message: string, id?: string): void {
  showSnackbar('default', message, id);
}
