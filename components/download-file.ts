/** Saves text as a file through the browser's download (no `downloads` permission needed). */
export function downloadFile(file: { fileName: string; mimeType: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has surely read it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
