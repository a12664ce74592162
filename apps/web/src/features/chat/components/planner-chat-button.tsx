import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { plannerChatGreetingDelays } from '@prumo/domain/chat/chat-rules';
import { ChatIcon } from '../../../components/chat-icon';
import { useAskPlannerChat, usePlannerChat } from '../api/planner-chat';
import { type ChatBubble, ChatConversation, useTimedGreetings } from './chat-conversation';

const greetingTexts = [
  'Olá! Sou o assistente do Prumo.',
  'Respondo sobre a sua carteira de clientes, com os dados do Prumo.',
  'Pergunte, por exemplo: quais clientes estão sem importação há 30 dias?',
];

/** The planner chat: a button in the top bar opening the conversation with the assistant. */
export function PlannerChatButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      {/* An icon, not a word: a phone's top bar keeps its room for the page's title. */}
      <Tooltip label="Assistente do planejador">
        <ActionIcon variant="light" size="lg" radius="xl" onClick={open} aria-label="Abrir assistente do planejador">
          <ChatIcon />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="min(100%, 440px)"
        title="Assistente do planejador"
        styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, minHeight: 0 } }}
      >
        {opened ? <PlannerChatBody /> : null}
      </Drawer>
    </>
  );
}

function PlannerChatBody() {
  const chat = usePlannerChat(true);
  const ask = useAskPlannerChat();
  const greetings = useTimedGreetings(greetingTexts, plannerChatGreetingDelays);
  const bubbles: ChatBubble[] = [...(chat.data?.results ?? [])].reverse().flatMap((exchange, index) => [
    {
      key: `q-${index}-${exchange.question_timestamp}`,
      text: exchange.question,
      own: true,
      at: exchange.question_timestamp,
    },
    {
      key: `r-${index}-${exchange.response_timestamp}`,
      text: exchange.response,
      own: false,
      author: 'Assistente',
      at: exchange.response_timestamp,
    },
  ]);
  return (
    <ChatConversation
      label="Conversa com o assistente"
      greetings={greetings}
      bubbles={bubbles}
      loading={chat.isPending}
      sending={ask.isPending}
      placeholder="Pergunte sobre seus clientes"
      onSend={(message) => ask.mutateAsync(message)}
    />
  );
}
