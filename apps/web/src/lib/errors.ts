/** The general error texts shown to users, word for word. */
export const errorMessages = {
  noConnection: 'Não foi possível conectar ao servidor. Tente novamente mais tarde.',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  sessionEnded: 'Sessão encerrada',
  serverDown: 'Servidor fora do ar. Tente novamente mais tarde.',
  unavailable: 'Sistema indisponível. Tente novamente mais tarde.',
  noServerConnection: 'Sem conexão com servidor',
  userWithoutOrganization: 'Usuário sem organização',
  unknownAddress: 'Endereço não existe.',
  organizationNotFound: 'Organização não encontrada',
  noPermission: 'Sem permissão',
  unknownError: 'Erro desconhecido',
} as const;

/** A failed call: status 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** The answer's machine-readable `code` (e.g. email_not_confirmed): texts may change, codes do not. */
  readonly code: string | null;
  /** True when the client already showed an alert for it (no connection, 401, 5xx). */
  readonly notified: boolean;

  constructor(options: { status: number; data: unknown; message: string; notified: boolean }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.data = options.data;
    this.code = isRecord(options.data) && typeof options.data.code === 'string' ? options.data.code : null;
    this.notified = options.notified;
  }

  get fieldErrors(): Record<string, string> {
    return readFieldErrors(this.data);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFirstText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (Array.isArray(value)) return readFirstText(value[0]);
  return null;
}

/** The server's own text of a failed answer: an array's first item, `detail`, else the first field's; or null. */
export function readServerMessage(data: unknown): string | null {
  if (Array.isArray(data)) return readFirstText(data);
  if (isRecord(data)) {
    const detail = readFirstText(data.detail);
    if (detail) return detail;
    for (const value of Object.values(data)) {
      const text = readFirstText(value);
      if (text) return text;
    }
  }
  return null;
}

/**
 * Which text a failure shows: the default message if given; else an array's first item; an object's
 * `detail`; else the first message of the first field; else the general fallback.
 */
export function extractErrorMessage(data: unknown, defaultMessage?: string): string {
  if (defaultMessage) return defaultMessage;
  return readServerMessage(data) ?? errorMessages.unavailable;
}

const generalErrorKeys = new Set(['detail', 'non_field_errors']);

/** Django-REST field errors `{field: ["…"]}` reduced to the first message per field. */
export function readFieldErrors(data: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isRecord(data)) return errors;
  for (const [field, value] of Object.entries(data)) {
    if (generalErrorKeys.has(field)) continue;
    const text = readFirstText(value);
    if (text) errors[field] = text;
  }
  return errors;
}

/** The theme save shows the first server error as "field: message". */
export function formatFirstFieldError(data: unknown): string {
  if (isRecord(data)) {
    const detail = readFirstText(data.detail);
    if (detail) return detail;
    for (const [field, value] of Object.entries(data)) {
      const text = readFirstText(value);
      if (text) return `${field}: ${text}`;
    }
  }
  return errorMessages.unknownError;
}

/** A message fit for a snackbar from anything a call or a mutation can throw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return errorMessages.unavailable;
}
