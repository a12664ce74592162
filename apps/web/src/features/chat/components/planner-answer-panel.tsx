import { Button, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { useChatMessages } from '../api/get-chat-messages';
import { useSendChatMessage } from '../api/send-chat-message';
import { type ChatBubble, ChatConversation } from './chat-conversation';

/**
 * The planner's side of a client's chat, opened from the client view: the client's messages and
 * the planner's answers. A manager reads it (the server refuses their answers).
 */
export function PlannerAnswerButton({ clientId }: { clientId: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" size="compact-sm" onClick={open}>
        Conversa
      </Button>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="min(100%, 440px)"
        title="Conversa com o cliente"
        styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, minHeight: 0 } }}
      >
        {opened ? <PlannerAnswerBody clientId={clientId} /> : null}
      </Drawer>
    </>
  );
}

function PlannerAnswerBody({ clientId }: { clientId: string }) {
  const messages = useChatMessages(clientId, true);
  const sendMessage = useSendChatMessage();
  const readOnly = useIsReadOnlyClientView();
  const bubbles: ChatBubble[] = [...(messages.data?.results ?? [])].reverse().map((message) => ({
    key: String(message.id),
    text: message.message,
    own: message.author === 'planner',
    author: message.author_name,
    at: message.created_at,
  }));
  return (
    <ChatConversation
      label="Conversa com o cliente"
      greetings={[]}
      bubbles={bubbles}
      loading={messages.isPending}
      sending={sendMessage.isPending}
      placeholder="Responda ao cliente"
      onSend={(message) => sendMessage.mutateAsync({ clientId, message })}
      canWrite={!readOnly}
    />
  );
}
