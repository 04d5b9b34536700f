/** The members CSV as the server sent it, with the name the browser saves it under. */
export interface MembersCsv {
  blob: Blob;
  fileName: string;
}

function decodedOrNull(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded.trim());
  } catch {
    return null;
  }
}

/**
 * The file name a Content-Disposition header gives, if any: `filename*=UTF-8''...`, else (as RFC 6266
 * asks when that one is missing or cannot be decoded) `filename="..."`.
 */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  const decoded = encoded ? decodedOrNull(encoded[1]) : null;
  if (decoded) return decoded;
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
