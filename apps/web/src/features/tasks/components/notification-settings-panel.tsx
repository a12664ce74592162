import { Button, Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { NotificationSettings } from '@prumo/contract/notification-settings';
import {
  type NotificationChannel,
  type NotificationTrigger,
  notificationChannelLabels,
  notificationChannels,
  notificationSettingsMessages,
  notificationTriggerLabels,
  notificationTriggers,
} from '@prumo/domain/tasks/notification-settings';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { PushNotificationsSwitch } from './push-notifications-switch';

/** 'Preferências de avisos' (notification_settings/): where and about what the user hears of new tasks. */
export function NotificationSettingsPanel() {
  const settings = useNotificationSettings();
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Preferências de avisos"
        description="Como você quer saber das tarefas e avisos que o seu planejador cria."
      />
      {settings.isPending ? <PageLoader label="Carregando preferências…" /> : null}
      {settings.isError ? (
        <ErrorState message={describeError(settings.error)} onRetry={() => settings.refetch()} />
      ) : null}
      {/* Keyed by what was saved, so the form starts from the stored choices. */}
      {settings.data ? <NotificationSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} /> : null}
    </Paper>
  );
}

function NotificationSettingsForm({ saved }: { saved: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  const [channels, setChannels] = useState<NotificationChannel[]>(saved.channels);
  const [trigger, setTrigger] = useState<NotificationTrigger>(saved.notificationTrigger);
  const changed =
    trigger !== saved.notificationTrigger ||
    channels.length !== saved.channels.length ||
    channels.some((channel) => !saved.channels.includes(channel));

  const save = () =>
    update.mutate(
      { channels, notificationTrigger: trigger },
      {
        onSuccess: () => notifySuccess(notificationSettingsMessages.saved),
        onError: (error) => {
          notifyMutationError(error);
        },
      },
    );

  return (
    <Stack gap="md">
      <Checkbox.Group
        label="Canais"
        value={channels}
        onChange={(values) => setChannels(notificationChannels.filter((channel) => values.includes(channel)))}
      >
        <Stack gap="xs" mt="xs">
          {notificationChannels.map((channel) => (
            <Checkbox key={channel} value={channel} label={notificationChannelLabels[channel]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Radio.Group label="Avisar sobre" value={trigger} onChange={(value) => setTrigger(value as NotificationTrigger)}>
        <Stack gap="xs" mt="xs">
          {notificationTriggers.map((value) => (
            <Radio key={value} value={value} label={notificationTriggerLabels[value]} />
          ))}
        </Stack>
      </Radio.Group>
      <PushNotificationsSwitch />
      {channels.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sem canais, as tarefas continuam nesta tela, mas ninguém avisa você delas.
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending} disabled={!changed}>
          Salvar preferências
        </Button>
      </Group>
    </Stack>
  );
}
