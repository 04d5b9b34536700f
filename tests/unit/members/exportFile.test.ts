// @vitest-environment jsdom
import { Blob as NodeBlob, resolveObjectURL } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { fileNameOf, saveFile } from '../../../machines/memberList/exportFile';

describe('fileNameOf', () => {
  it('has no name without a Content-Disposition header', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('')).toBeNull();
  });

  it('has no name when the header names no file', () => {
    expect(fileNameOf('attachment')).toBeNull();
  });

  it('reads a quoted file name', () => {
    expect(fileNameOf('attachment; filename="members-100200300-active.csv"')).toBe('members-100200300-active.csv');
  });

  it('reads a quoted file name with spaces around the equals sign', () => {
    expect(fileNameOf('attachment; filename = "members active.csv"')).toBe('members active.csv');
    expect(fileNameOf('attachment; filename= "members-active.csv"')).toBe('members-active.csv');
  });

  it('reads an unquoted file name up to the next parameter, without its spaces', () => {
    expect(fileNameOf('attachment; filename=members-active.csv ; size=120')).toBe('members-active.csv');
    expect(fileNameOf('attachment; filename =members-active.csv')).toBe('members-active.csv');
  });

  it('prefers the UTF-8 encoded name, decoded, over the plain one', () => {
    expect(fileNameOf(`attachment; filename="members.csv"; filename*=UTF-8''membres-%C3%A9t%C3%A9.csv`)).toBe('membres-été.csv');
  });

  it('reads the UTF-8 encoded name with spaces around the equals sign and before the next parameter', () => {
    expect(fileNameOf(`attachment; filename="members.csv"; filename* = UTF-8''membres-%C3%A9t%C3%A9.csv`)).toBe('membres-été.csv');
    expect(fileNameOf(`attachment; filename="members.csv"; filename*= UTF-8''membres-%C3%A9t%C3%A9.csv`)).toBe('membres-été.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''membres-%C3%A9t%C3%A9.csv ; size=120`)).toBe('membres-été.csv');
  });

  it('has no name when the UTF-8 encoded name is not valid percent-encoding', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''membres-%E0%A4%A.csv`)).toBeNull();
  });

  it('falls back to the plain name when the UTF-8 encoded one cannot be decoded (RFC 6266)', () => {
    expect(fileNameOf(`attachment; filename="members.csv"; filename*=UTF-8''membres-%E0%A4%A.csv`)).toBe('members.csv');
  });
});

describe('saveFile', () => {
  it('clicks a temporary download link to the file, then takes the link and the file away', async () => {
    const page = document.implementation.createHTMLDocument('Members');
    page.body.innerHTML = '<main>Members</main>';
    // The Blob a fetch answer gives (the page's own global here is jsdom's).
    const blob = new NodeBlob(['id,name\n1,Ada Baker\n'], { type: 'text/csv' }) as Blob;
    const clicks: Array<{ tag: string; href: string; download: string; onPage: boolean; file: string | undefined }> = [];
    const pending: Array<Promise<void>> = [];
    page.addEventListener('click', (event) => {
      const link = event.target as HTMLAnchorElement;
      // jsdom does not download: the test stands in for the browser and reads the file the link points at.
      event.preventDefault();
      const click = { tag: link.tagName, href: link.href, download: link.download, onPage: link.isConnected, file: undefined as string | undefined };
      clicks.push(click);
      pending.push(resolveObjectURL(link.href)!.text().then((text) => void (click.file = text)));
    });

    saveFile({ blob, fileName: 'members-100200300-active.csv' }, page);
    await Promise.all(pending);

    expect(clicks).toEqual([
      { tag: 'A', href: expect.stringMatching(/^blob:/), download: 'members-100200300-active.csv', onPage: true, file: 'id,name\n1,Ada Baker\n' },
    ]);
    expect(page.body.innerHTML).toBe('<main>Members</main>');
    expect(resolveObjectURL(clicks[0].href)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resolveObjectURL(clicks[0].href)).toBeUndefined();
  });
});
