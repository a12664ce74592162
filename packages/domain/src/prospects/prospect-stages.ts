import { z } from 'zod';

/**
 * A prospect's stages (ADR 35), in the order a sale goes: a new contact, a diagnosis of their
 * statements, a proposal, then either a client (convertido) or a lost contact (perdido).
 */
export const prospectStages = ['novo', 'diagnostico', 'proposta', 'convertido', 'perdido'] as const;
export type ProspectStage = (typeof prospectStages)[number];

export const prospectStageLabels: Record<ProspectStage, string> = {
  novo: 'Novo',
  diagnostico: 'Diagnóstico',
  proposta: 'Proposta',
  convertido: 'Convertido',
  perdido: 'Perdido',
};

export const prospectStageMessages = {
  invalid: 'Etapa inválida. Use novo, diagnostico, proposta, convertido ou perdido.',
  onlyByConversion: 'Um prospect só passa a Convertido quando se cadastra pelo convite do planejador.',
  alreadyConverted: 'Este prospect já é cliente: a etapa Convertido não muda mais.',
} as const;

export const ProspectStageSchema = z.enum(prospectStages, { error: prospectStageMessages.invalid });

/**
 * The moves a planner may make by hand: one step forward, one step back between diagnosis and
 * proposal, any open stage to lost, and a lost prospect reopened as new. Convertido is reached only
 * by the prospect's registration and never left.
 */
const allowedMoves: Record<ProspectStage, readonly ProspectStage[]> = {
  novo: ['diagnostico', 'perdido'],
  diagnostico: ['novo', 'proposta', 'perdido'],
  proposta: ['diagnostico', 'perdido'],
  convertido: [],
  perdido: ['novo'],
};

/** The stages a planner may move a prospect to from `from` (its own stage excluded). */
export function listNextStages(from: ProspectStage): readonly ProspectStage[] {
  return allowedMoves[from];
}

/** Null when the move is allowed (staying put included), else the pt-BR reason it is refused. */
export function checkStageMove(from: ProspectStage, to: ProspectStage): string | null {
  if (from === to) return null;
  if (from === 'convertido') return prospectStageMessages.alreadyConverted;
  if (to === 'convertido') return prospectStageMessages.onlyByConversion;
  if (allowedMoves[from].includes(to)) return null;
  const allowed = allowedMoves[from].map((stage) => prospectStageLabels[stage]).join(' ou ');
  return `Não é possível passar de ${prospectStageLabels[from]} para ${prospectStageLabels[to]}: de ${prospectStageLabels[from]}, o prospect vai para ${allowed}.`;
}
