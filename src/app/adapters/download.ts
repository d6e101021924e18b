/**
 * Hands a file to the device as a download: an object URL for the bytes and a link with `download` pressed for the
 * person, then released. The browser names the file; a phone offers to open it (a calendar file: the calendar app).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Released after the click has been handled: the download has taken the bytes by then.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
