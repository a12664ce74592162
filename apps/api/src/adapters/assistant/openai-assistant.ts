import type { Assistant, AssistantTool } from './assistant';

export interface OpenAiAssistantSettings {
  /** The API root, e.g. https://api.openai.com/v1: `/chat/completions` is appended. */
  url: string;
  apiKey: string | undefined;
  model: string;
}

/** Where a failure is told: the status or error name only, never the question or an answer. */
export interface AssistantFailureLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** A model that keeps calling tools stops after this many rounds (each round runs its calls). */
const maximumToolRounds = 4;
const requestTimeoutMs = 30_000;

const systemPrompt = [
  'Você é o assistente do Prumo, um app de planejamento financeiro, e conversa com um planejador financeiro em português do Brasil.',
  'Responda apenas sobre a carteira de clientes do próprio planejador, usando somente as ferramentas disponíveis; nunca invente nomes, valores ou datas.',
  'Quando nenhuma ferramenta responder à pergunta, diga claramente que não sabe e liste o que você pode responder.',
  'Valores em reais (R$). Seja breve.',
].join(' ');

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

interface CompletionAnswer {
  choices?: { message?: ChatMessage }[];
}

function readToolArguments(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * An OpenAI-compatible chat-completions endpoint (ASSISTANT_URL) decides which tools answer the
 * question; the tools run here, scoped to the planner, and only their text answers go to the
 * endpoint. When the endpoint fails, the `fallback` (the embedded intents) answers instead.
 */
export function createOpenAiAssistant(
  settings: OpenAiAssistantSettings,
  fallback: Assistant,
  log: AssistantFailureLog,
): Assistant {
  async function complete(messages: ChatMessage[], tools: readonly AssistantTool[]): Promise<ChatMessage> {
    const response = await fetch(`${settings.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        messages,
        tools: tools.map((tool) => ({
          type: 'function',
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        })),
        tool_choice: 'auto',
      }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (!response.ok) throw new Error(`assistant endpoint answered ${response.status}`);
    const answer = (await response.json()) as CompletionAnswer;
    const message = answer.choices?.[0]?.message;
    if (!message) throw new Error('assistant endpoint answered no message');
    return message;
  }

  return {
    async answer(question, tools) {
      const messages: ChatMessage[] = [
        { role: 'system', content: systemPrompt },
        { role: 'user', content: question },
      ];
      try {
        for (let round = 0; round <= maximumToolRounds; round += 1) {
          const message = await complete(messages, round < maximumToolRounds ? tools : []);
          const calls = message.tool_calls ?? [];
          if (calls.length === 0) {
            const text = message.content?.trim();
            if (!text) throw new Error('assistant endpoint answered an empty message');
            return text;
          }
          messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
          for (const call of calls) {
            const tool = tools.find((candidate) => candidate.name === call.function.name);
            const result = tool
              ? await tool.run(readToolArguments(call.function.arguments))
              : `Ferramenta desconhecida: ${call.function.name}`;
            messages.push({ role: 'tool', tool_call_id: call.id, content: result });
          }
        }
        throw new Error('assistant endpoint kept calling tools');
      } catch (error) {
        log.warn(
          { reason: error instanceof Error ? error.message : 'unknown' },
          'assistant endpoint failed; embedded intents answered',
        );
        return fallback.answer(question, tools);
      }
    },
  };
}
