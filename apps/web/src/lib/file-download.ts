// Long enough for the browser to start the download; revoking at once can cancel it.
const objectUrlLifetimeMs = 60_000;

/** Hands a fetched file to the browser's download through a temporary `<a download>`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
}
