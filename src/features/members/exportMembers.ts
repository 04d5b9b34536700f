import type { MembersQuery } from '../../../machines/memberList/actors';
import type { ApiClient } from '../../api/client';
import { failureReason } from '../../api/failureReason';

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

/**
 * GET /groups/{id}/members/export: every member of the list that the search matches, in the page's
 * sort, as CSV. The api client sends the bearer token like on every other call.
 */
export async function fetchMembersCsv(api: ApiClient, groupId: number, query: MembersQuery, signal?: AbortSignal): Promise<MembersCsv> {
  const { list, search, sort_by, sort_direction } = query;
  const { data, error, response } = await api.GET('/groups/{id}/members/export', {
    params: { path: { id: groupId }, query: { list, search: search || undefined, sort_by, sort_direction } },
    parseAs: 'blob',
    signal,
  });
  if (!data) throw new Error(`The members could not be exported. ${failureReason(error, response)}`);
  return { blob: data, fileName: fileNameOf(response.headers.get('Content-Disposition')) ?? `members-${list}.csv` };
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
