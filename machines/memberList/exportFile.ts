/** The members CSV as the server sent it, with the name the browser saves it under. */
export interface MembersCsv {
  blob: Blob;
  fileName: string;
}

/** The file name a Content-Disposition header gives (`filename*=UTF-8''...` or `filename="..."`), if any. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(contentDisposition);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

/** Hands a downloaded file to the browser: a temporary object URL behind a clicked `<a download>`. */
export function saveFile({ blob, fileName }: MembersCsv, page: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = page.createElement('a');
  link.href = url;
  link.download = fileName;
  page.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
