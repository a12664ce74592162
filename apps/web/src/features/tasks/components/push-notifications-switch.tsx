import { Alert, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { usePersona } from '../../../lib/persona';
import { disablePush, enablePush, isPushEnabledHere, isPushSupported } from '../api/push-registration';

/** 'Notificações neste dispositivo': turning it on asks the browser's permission, then registers the device. */
export function PushNotificationsSwitch() {
  const persona = usePersona();
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [denied, setDenied] = useState(isPushSupported() && Notification.permission === 'denied');

  useEffect(() => {
    isPushEnabledHere().then(setEnabled, () => setEnabled(false));
  }, []);

  if (!isPushSupported()) {
    return (
      <Alert color="gray" variant="light">
        Este navegador não recebe notificações. No iPhone, adicione a Prumo à tela de início primeiro.
      </Alert>
    );
  }

  const change = async (next: boolean) => {
    const userId = persona.data?.id;
    if (userId === undefined) return;
    setBusy(true);
    try {
      if (next) {
        const permission = await enablePush(userId);
        setDenied(permission === 'denied');
        setEnabled(permission === 'granted');
        if (permission === 'granted') notifySuccess('Notificações ativadas neste dispositivo');
      } else {
        await disablePush();
        setEnabled(false);
      }
    } catch {
      notifyError('Não foi possível ativar as notificações neste dispositivo.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Switch
        label="Notificações neste dispositivo"
        description="Receba avisos mesmo com a Prumo fechada."
        checked={enabled}
        disabled={busy}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      {denied ? (
        <Alert color="yellow" variant="light">
          O navegador bloqueou as notificações. Libere-as nas configurações do site para ativá-las.
        </Alert>
      ) : null}
    </>
  );
}
