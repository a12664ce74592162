/**
 * What one upload of statements may carry. The API enforces it; the upload screen checks it first,
 * so nothing is sent only to fail. The total bounds what one request can make the server hold.
 */
export const statementUploadLimits = {
  maxFileBytes: 20 * 1024 * 1024,
  maxFiles: 20,
  /** Every file of one request together: three statements at the largest size a file may have. */
  maxTotalBytes: 60 * 1024 * 1024,
} as const;

export const statementUploadMessages = {
  tooLarge: 'Arquivo grande demais: o limite é 20 MB por arquivo.',
  tooMany: 'Envie no máximo 20 arquivos por vez.',
  uploadTooLarge: 'Envio grande demais: o limite é 60 MB por envio, somando os arquivos. Envie os extratos em partes.',
} as const;
