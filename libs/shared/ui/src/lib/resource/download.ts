// The one "save as file" routine: a hidden link to an object URL, clicked, and the URL freed afterwards.

/** Hands the browser the file behind an object URL (from URL.createObjectURL), then frees the URL. */
export function saveObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // revoked after the click has been handled; revoking at once can cancel the download in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands the browser a file it already holds as a Blob. */
export function downloadBlob(fileName: string, blob: Blob): void {
  saveObjectUrl(URL.createObjectURL(blob), fileName);
}

/** Hands the browser a text file to save (a Blob URL: a large export is not squeezed through a data: URL). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // the byte-order mark lets spreadsheet programs read the file as UTF-8
  downloadBlob(fileName, new Blob(['\uFEFF', text], { type }));
}
