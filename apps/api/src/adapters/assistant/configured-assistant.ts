import type { AppConfig } from '../../config';
import type { Assistant } from './assistant';
import { createEmbeddedAssistant } from './embedded-assistant';
import { type AssistantFailureLog, createOpenAiAssistant } from './openai-assistant';

/** ASSISTANT_URL set: the OpenAI-compatible endpoint calls the intents as tools; otherwise the intents alone. */
export function createConfiguredAssistant(config: Pick<AppConfig, 'assistant'>, log: AssistantFailureLog): Assistant {
  const embedded = createEmbeddedAssistant();
  return config.assistant ? createOpenAiAssistant(config.assistant, embedded, log) : embedded;
}
