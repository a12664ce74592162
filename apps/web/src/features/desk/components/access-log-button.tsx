import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { AccessLogList } from './access-log-list';

/** 'Acessos': opens who accessed this client's data (a manager's list, the planner's client view). */
export function AccessLogButton({ clientId, clientName }: { clientId: number; clientName: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setOpened(true)}
        aria-label={`Acessos aos dados de ${clientName}`}
      >
        Acessos
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Quem acessou os dados de ${clientName}`}
        size="lg"
      >
        {opened ? <AccessLogList clientId={String(clientId)} label={`Acessos aos dados de ${clientName}`} /> : null}
      </Modal>
    </>
  );
}
