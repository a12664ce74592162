/**
 * What the planner chat's assistant may do: answer a planner's question with the tools it is
 * given. Each tool is one question Prumo knows how to answer from its own data, already scoped to
 * the planner who asks (the adapter never reaches the database itself).
 */
export interface AssistantTool {
  name: string;
  /** What it answers, in pt-BR: shown to a model, and listed when a question is not understood. */
  description: string;
  /** An example question, listed when a question is not understood. */
  example: string;
  /** Its arguments as a JSON schema object (for a model's tool call). */
  parameters: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  /** pt-BR phrasings that ask for it, matched on the folded question (lowercase, no accents). */
  patterns: readonly RegExp[];
  /** The arguments read from a question the patterns matched (the embedded assistant's way). */
  readArguments(question: string): Record<string, unknown>;
  /** The answer, as text for the planner. */
  run(args: Record<string, unknown>): Promise<string>;
}

export interface Assistant {
  answer(question: string, tools: readonly AssistantTool[]): Promise<string>;
}
