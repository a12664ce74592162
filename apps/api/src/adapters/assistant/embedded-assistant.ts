import { foldForSearch } from '@prumo/domain/records/search-text';
import type { Assistant, AssistantTool } from './assistant';

/** The answer to a question no tool matches: said plainly, with what can be asked instead. */
export function describeWhatCanBeAnswered(tools: readonly AssistantTool[]): string {
  const lines = tools.map((tool) => `• ${tool.description} — ex.: "${tool.example}"`);
  return ['Não sei responder a essa pergunta. Posso responder sobre a sua carteira de clientes:', ...lines].join('\n');
}

/**
 * The default assistant, with nothing leaving the machine: the first tool one of whose pt-BR
 * phrasings matches the question (lowercase, accents ignored) answers it.
 */
export function createEmbeddedAssistant(): Assistant {
  return {
    async answer(question, tools) {
      const folded = foldForSearch(question);
      const tool = tools.find((candidate) => candidate.patterns.some((pattern) => pattern.test(folded)));
      if (!tool) return describeWhatCanBeAnswered(tools);
      return tool.run(tool.readArguments(question));
    },
  };
}
