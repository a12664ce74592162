import { ActionIcon, Alert, Button, Drawer, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { clientChatGreetingDelays } from '@prumo/domain/chat/chat-rules';
import { ChatIcon } from '../../../components/chat-icon';
import { describeError } from '../../../lib/errors';
import { useChatMessages } from '../api/get-chat-messages';
import { useWhatsAppHandoff } from '../api/get-whatsapp-handoff';
import { useSendChatMessage } from '../api/send-chat-message';
import { type ChatBubble, ChatConversation, useTimedGreetings } from './chat-conversation';

/** The client's chat: a button in the top bar opening the conversation with their planner. */
export function ClientChatButton({
  clientFirstName,
  plannerName,
}: {
  clientFirstName: string;
  plannerName: string | null;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      {/* An icon, not a word: a phone's top bar keeps its room for the page's title. */}
      <Tooltip label="Chat com seu planejador">
        <ActionIcon variant="light" size="lg" radius="xl" onClick={open} aria-label="Abrir chat com o planejador">
          <ChatIcon />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="min(100%, 440px)"
        title="Chat com seu planejador"
        styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, minHeight: 0 } }}
      >
        {opened ? <ClientChatBody clientFirstName={clientFirstName} plannerName={plannerName} /> : null}
      </Drawer>
    </>
  );
}

function ClientChatBody({ clientFirstName, plannerName }: { clientFirstName: string; plannerName: string | null }) {
  const messages = useChatMessages(null, true);
  const whatsApp = useWhatsAppHandoff(true);
  const sendMessage = useSendChatMessage();
  const greetings = useTimedGreetings(
    [
      `Olá, ${clientFirstName}!`,
      plannerName
        ? `Este é o seu canal com ${plannerName}, seu planejador.`
        : 'Este é o seu canal com o seu planejador.',
      'Escreva sua dúvida abaixo: a resposta aparece aqui mesmo.',
    ],
    clientChatGreetingDelays,
  );
  const bubbles: ChatBubble[] = [...(messages.data?.results ?? [])].reverse().map((message) => ({
    key: String(message.id),
    text: message.message,
    own: message.author === 'client',
    author: message.author === 'client' ? 'Você' : message.author_name,
    at: message.created_at,
  }));
  return (
    <Stack gap="sm" h="100%">
      {whatsApp.data ? (
        <Button
          component="a"
          href={whatsApp.data.url}
          target="_blank"
          rel="noopener noreferrer"
          color="green"
          variant="light"
        >
          Falar no WhatsApp
        </Button>
      ) : null}
      {whatsApp.isError ? (
        <Alert color="gray" variant="light">
          WhatsApp: {describeError(whatsApp.error)}
        </Alert>
      ) : null}
      <ChatConversation
        label="Conversa com o planejador"
        greetings={greetings}
        bubbles={bubbles}
        loading={messages.isPending}
        sending={sendMessage.isPending}
        placeholder="Escreva sua mensagem"
        onSend={(message) => sendMessage.mutateAsync({ clientId: null, message })}
      />
    </Stack>
  );
}
