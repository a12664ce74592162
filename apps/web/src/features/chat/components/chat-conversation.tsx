import { ActionIcon, Box, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { canSendChatMessage, maximumChatMessageLength } from '@prumo/domain/chat/chat-rules';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** One bubble: whose it is decides the side it shows on. */
export interface ChatBubble {
  key: string;
  text: string;
  /** The signed-in user's own messages show on the right. */
  own: boolean;
  author?: string;
  at?: string;
}

const timeFormatter = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/** The greetings, each shown once its delay (ms after the conversation opens) has passed. */
export function useTimedGreetings(greetings: readonly string[], delays: readonly number[]): string[] {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const timers = delays.map((delay, index) => window.setTimeout(() => setShown(index + 1), delay));
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [delays]);
  return greetings.slice(0, shown);
}

interface ChatConversationProps {
  label: string;
  greetings: string[];
  bubbles: ChatBubble[];
  loading: boolean;
  sending: boolean;
  placeholder: string;
  onSend: (message: string) => Promise<unknown>;
  /** False for a reader who may not write (a manager viewing a client): no message box. */
  canWrite?: boolean;
}

/**
 * A conversation: greetings first, then the messages, oldest on top; a box where Enter sends
 * (Shift+Enter breaks the line) and nothing is sent while only blanks are typed.
 */
export function ChatConversation({
  label,
  greetings,
  bubbles,
  loading,
  sending,
  placeholder,
  onSend,
  canWrite = true,
}: ChatConversationProps) {
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const count = greetings.length + bubbles.length;

  // The newest message stays in sight as messages arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever the number of messages changes
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);

  const send = async () => {
    if (!canSendChatMessage(text) || sending) return;
    const message = text.trim();
    try {
      await onSend(message);
      setText('');
    } catch {
      // The failure was shown; the text stays for another try.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto">
        <Stack gap="xs" role="log" aria-label={label} aria-live="polite" p={2}>
          {greetings.map((greeting) => (
            <Bubble key={greeting} bubble={{ key: greeting, text: greeting, own: false }} />
          ))}
          {bubbles.map((bubble) => (
            <Bubble key={bubble.key} bubble={bubble} />
          ))}
          {loading ? <Loader size="sm" aria-label="Carregando mensagens" /> : null}
        </Stack>
      </ScrollArea>
      {canWrite ? (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Textarea
            style={{ flex: 1 }}
            aria-label="Mensagem"
            placeholder={placeholder}
            autosize
            minRows={1}
            maxRows={5}
            maxLength={maximumChatMessageLength}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <ActionIcon
            size="lg"
            aria-label="Enviar mensagem"
            onClick={() => void send()}
            disabled={!canSendChatMessage(text)}
            loading={sending}
          >
            <span aria-hidden>➤</span>
          </ActionIcon>
        </Group>
      ) : null}
    </Stack>
  );
}

function Bubble({ bubble }: { bubble: ChatBubble }) {
  return (
    <Box style={{ alignSelf: bubble.own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Paper
        p="xs"
        radius="md"
        bg={bubble.own ? 'var(--mantine-primary-color-light)' : 'gray.1'}
        data-testid="chat-bubble"
      >
        {bubble.author ? (
          <Text size="xs" fw={600} c="dimmed">
            {bubble.author}
          </Text>
        ) : null}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {bubble.text}
        </Text>
        {bubble.at ? (
          <Text size="xs" c="dimmed" ta="right">
            {timeFormatter.format(new Date(bubble.at))}
          </Text>
        ) : null}
      </Paper>
    </Box>
  );
}
